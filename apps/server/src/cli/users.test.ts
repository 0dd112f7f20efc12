import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'users.ts');

describe('users CLI', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-cli-'));
  const users = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir } });

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
    await expect(users('disable', '--email', 'ann@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('last active admin'),
    });
    await expect(users('remove', '--email', 'ann@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('last active admin'),
    });
  });

  it('fails with a clear message and exit code 1 on bad input', async () => {
    await expect(
      users('add', '--email', 'not-an-email', '--name', 'X', '--password', 'password-0001'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error:'),
    });
    await expect(
      users('add', '--email', 'short@example.com', '--name', 'X', '--password', 'short'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 12 characters'),
    });
    await expect(users('remove', '--email', 'ghost@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with email ghost@example.com'),
    });
  });
});
