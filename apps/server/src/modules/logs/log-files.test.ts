import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayNameOf, listLogFiles, openLogFile } from './log-files.ts';

let root: string;
let dir: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mh-log-files-'));
  dir = path.join(root, 'logs');
  await mkdir(dir);
  const files: [string, string, number][] = [
    ['app.log', 'current\n', 300],
    ['app.1.log', 'older\n', 200],
    ['app.2.log', 'oldest\n', 100],
    ['scraper.log', 'crawl\n', 250],
    ['notes.txt', 'not a log\n', 400],
  ];
  for (const [name, content, age] of files) {
    await writeFile(path.join(dir, name), content);
    const time = new Date(Date.now() - (1000 - age) * 1000);
    await utimes(path.join(dir, name), time, time);
  }
  await writeFile(path.join(root, 'secret.log'), 'outside\n');
  await symlink(path.join(root, 'secret.log'), path.join(dir, 'escape.log'));
  await symlink(path.join(dir, 'app.log'), path.join(dir, 'latest.log'));
  await symlink(path.join(dir, 'missing.log'), path.join(dir, 'dangling.log'));
  await mkdir(path.join(dir, 'folder.log'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('log files', () => {
  it('lists the .log files newest first with readable names, and no way out of the directory', async () => {
    const files = await listLogFiles(dir);
    expect(files.map(({ name, display_name, size }) => ({ name, display_name, size }))).toEqual([
      { name: 'app.log', display_name: 'Application Log', size: 8 },
      { name: 'latest.log', display_name: 'Latest Log', size: 8 },
      { name: 'scraper.log', display_name: 'Scraper Log', size: 6 },
      { name: 'app.1.log', display_name: 'Application Log (rotated 1)', size: 6 },
      { name: 'app.2.log', display_name: 'Application Log (rotated 2)', size: 7 },
    ]);
  });

  it('names other files from their words', () => {
    expect(displayNameOf('ingest_errors.log')).toBe('Ingest Errors Log');
    expect(displayNameOf('bench-1gib.3.log')).toBe('Bench 1gib Log (rotated 3)');
  });

  it('lists nothing for a missing directory', async () => {
    expect(await listLogFiles(path.join(root, 'nope'))).toEqual([]);
  });

  it.each([
    '../secret.log',
    '/etc/passwd',
    '..',
    'app.log/..',
    'escape.log',
    'dangling.log',
    'folder.log',
    'notes.txt',
    'gone.log',
    'a\0.log',
  ])('refuses %j with 400', async (name) => {
    await expect(openLogFile(dir, name)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('opens a listed file, through a symlink that stays inside', async () => {
    const handle = await openLogFile(dir, 'latest.log');
    try {
      expect((await handle.readFile('utf8')).trim()).toBe('current');
    } finally {
      await handle.close();
    }
  });
});
