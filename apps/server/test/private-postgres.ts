import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl on a free port), so a test may restart or stop
 * it without touching the shared server others' tests use. initdb refuses root: when the tests run as
 * root, every command runs as the `postgres` OS user.
 */
export interface PrivatePostgres {
  /** postgres://… of its `postgres` database. */
  url: string;
  /** `pg_ctl restart -m fast`: ends every connection, as an operator's restart or a failover does. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`, and `start` again: an outage as long as the test wants. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster at once and removes its files. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mh-private-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(dir, 0o700);
  const pgctl = (args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, ...args]) : run(`${BIN}/pg_ctl`, args);
  const dataDir = path.join(dir, 'data');
  const initdbArgs = ['-D', dataDir, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8'];
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', `${BIN}/initdb`, ...initdbArgs]);
  else await run(`${BIN}/initdb`, initdbArgs);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const logFile = path.join(dir, 'server.log');
  const start = async () => void (await pgctl(['-D', dataDir, '-l', logFile, '-w', '-o', options, 'start']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pgctl(['-D', dataDir, '-l', logFile, '-w', '-m', 'fast', '-o', options, 'restart']);
    },
    async stop() {
      await pgctl(['-D', dataDir, '-w', '-m', 'fast', 'stop']);
    },
    start,
    async destroy() {
      await pgctl(['-D', dataDir, '-w', '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
