import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The one launcher of real server processes (`node main.ts`, as an operator runs it) for the tests and the
 * scale benchmark: `processes.ts` (one server on a data dir, killed and restarted) and `role-processes.ts`
 * (api and worker processes on one PostgreSQL) build on it. No Vitest here: the benchmark imports it.
 */

const MAIN = path.join(import.meta.dirname, '../src/main.ts');

/**
 * Node flags for a server or CLI that a test starts for seconds, not hours: WebAssembly on V8's baseline
 * compiler only. PGlite's start runs enough of its 9 MB module to have V8 optimise much of it in background
 * threads, work a short process never earns back: 3 to 6 CPU-seconds less per start (a warm start 7.3 to 3.9
 * CPU-s, a new DATA_DIR 14 to 8-10), and the kill -9 restart loop 100 to 70 CPU-s. The benchmarks, like an
 * operator's server, run without it: an hours-long server earns the optimised code back.
 */
export const SHORT_LIVED_NODE_FLAGS: readonly string[] = ['--liftoff-only'];

export interface ServerProcess {
  child: ChildProcess;
  /** The server's own pid: under `unreaped`, the child of the shell turned `sleep`. */
  serverPid(): number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** What it wrote to stderr (an unhandled rejection, a warning, a failed start). */
  stderr(): string;
  /** Settles once the process has exited and all it wrote has been read. */
  closed: Promise<void>;
}

/**
 * Spawns the server with `env` added to this process's environment, without waiting for it, with `nodeFlags`
 * (none unless given: see SHORT_LIVED_NODE_FLAGS).
 * `unreaped`: its parent is a shell that became `sleep` and never reaps it, so once killed it stays a
 * zombie, as under a supervisor that starts the next server before reaping the old one.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  options: { unreaped?: boolean; nodeFlags?: readonly string[] } = {},
): ServerProcess {
  const spawnOptions: SpawnOptions = { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] };
  const args = [...(options.nodeFlags ?? []), MAIN];
  const child = options.unreaped
    ? spawn('sh', ['-c', '"$@" & exec sleep 600', 'sh', process.execPath, ...args], spawnOptions)
    : spawn(process.execPath, args, spawnOptions);
  let output = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    stderr += chunk;
  });
  return {
    child,
    serverPid: () =>
      options.unreaped
        ? Number(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim())
        : (child.pid ?? 0),
    output: () => output,
    stderr: () => stderr,
    closed: new Promise<void>((resolve) => child.once('close', () => resolve())),
  };
}

/**
 * Waits until the server serves: its /health answers 200 at `origin`, or, for a worker (no origin), it
 * logged that it started. Fails with how it ended and the end of what it wrote.
 */
export async function untilServing(server: ServerProcess, origin: string | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const { child } = server;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if (origin ? await answers(origin) : server.output().includes('worker started')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = child.exitCode !== null || child.signalCode !== null;
  if (exited) await server.closed; // all it wrote has been read
  const how = exited ? `exited: ${child.exitCode ?? child.signalCode}` : `not serving after ${timeoutMs} ms`;
  throw new Error(`the server did not start (${how}): ${server.output().slice(-3000)}`);
}

async function answers(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/health`);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
