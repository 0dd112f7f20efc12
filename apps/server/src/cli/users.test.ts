import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SHORT_LIVED_NODE_FLAGS } from '../../test/server-process.ts';
import { usersCommand } from './users-command.ts';

const execFileAsync = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'users.ts');

describe('users CLI', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  // The commands run in this process (each opens and closes the database like a run of the CLI does);
  // the last test runs the real CLI for what only a process shows: its output streams and exit code.
  const users = (...args: string[]) => usersCommand(args, env);

  it('adds, lists, changes the password of and removes users', async () => {
    const ann = ['--email', 'ann@example.com', '--name', 'Ann', '--role', 'admin', '--password', 'password-0001'];
    expect((await users('add', ...ann)).stdout).toContain('added admin ann@example.com');
    await users('add', '--email', 'bo@example.com', '--name', 'Bo', '--password', 'password-0002');
    const listed = (await users('list')).stdout.trim().split('\n');
    expect(listed.map((line) => line.split('\t').slice(1, 4))).toEqual([
      ['ann@example.com', 'Ann', 'admin'],
      ['bo@example.com', 'Bo', 'member'],
    ]);
    expect((await users('set-password', '--email', 'bo@example.com', '--password', 'password-0003')).stdout).toContain(
      'password changed',
    );
    expect((await users('remove', '--email', 'bo@example.com')).stdout).toContain('removed');
    expect((await users('list')).stdout).not.toContain('bo@example.com');
  });

  it('disables and enables a user, and never the last active admin', async () => {
    await users('add', '--email', 'di@example.com', '--name', 'Di', '--password', 'password-0005');
    expect((await users('disable', '--email', 'di@example.com')).stdout).toContain('disabled di@example.com');
    expect((await users('list')).stdout).toMatch(/di@example\.com\tDi\tmember\t\S+\tdisabled/);
    expect((await users('enable', '--email', 'di@example.com')).stdout).toContain('enabled di@example.com');
    // ann (added above) is the only admin.
    expect(await users('disable', '--email', 'ann@example.com')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('last active admin'),
    });
    expect(await users('remove', '--email', 'ann@example.com')).toMatchObject({
      stderr: expect.stringContaining('last active admin'),
    });
  });

  it('fails with a clear message and exit code 1 on bad input', async () => {
    expect(await users('add', '--email', 'not-an-email', '--name', 'X', '--password', 'password-0001')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error:'),
    });
    expect(await users('add', '--email', 'short@example.com', '--name', 'X', '--password', 'short')).toMatchObject({
      stderr: expect.stringContaining('at least 12 characters'),
    });
    expect(await users('remove', '--email', 'ghost@example.com')).toMatchObject({
      stderr: expect.stringContaining('No user with email ghost@example.com'),
    });
  });

  it('runs as a command: prints to stdout, and fails with exit code 1 and the reason on stderr', async () => {
    const cli = (...args: string[]) =>
      execFileAsync(process.execPath, [...SHORT_LIVED_NODE_FLAGS, CLI, ...args], { env });
    expect((await cli('list')).stdout).toMatch(/^\d+\tann@example\.com\tAnn\tadmin\t/);
    await expect(cli('remove', '--email', 'ann@example.com')).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('last active admin'),
    });
    await expect(cli('add', '--email', 'not-an-email', '--name', 'X')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: /),
    });
  });
});
