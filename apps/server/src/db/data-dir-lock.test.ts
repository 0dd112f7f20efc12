import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-lock-'));
  tempDirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

/** Another process holding the lock on `dir`, as a second server would. */
async function holder(dir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await once(child.stdout, 'data');
  return child;
}

describe('lockDataDir', () => {
  it('refuses while another process holds the lock, and takes it once that process is killed', async () => {
    const dir = tempDir();
    const other = await holder(dir);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
    other.kill('SIGKILL');
    await once(other, 'exit');
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    unlock();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.runIf(fs.existsSync('/proc/self/stat'))('takes a lock whose pid now belongs to another process', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['60']);
    children.push(other);
    await once(other, 'spawn');
    // The recorded owner started at another moment than the process now under its pid.
    fs.writeFileSync(path.join(dir, 'owner.pid'), `${other.pid}\n1\n`);
    lockDataDir(dir)();
    other.kill('SIGKILL');
  });

  it('takes an empty or garbled lock, and leaves no half-written file behind', () => {
    const dir = tempDir();
    for (const text of ['', '\n', 'garbage', '12x\n', '-5\n']) {
      fs.writeFileSync(path.join(dir, 'owner.pid'), text);
      const unlock = lockDataDir(dir);
      expect(fs.readdirSync(dir)).toEqual(['owner.pid']);
      unlock();
    }
  });

  it('opens a database whose PGlite lock a kill left empty (PostgreSQL refuses to start on one)', async () => {
    const dir = tempDir();
    await (await openDatabase({ pgliteDir: dir })).close();
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), '');
    const database = await openDatabase({ pgliteDir: dir });
    try {
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
