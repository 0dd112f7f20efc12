import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/free-port.ts';
import { SHORT_LIVED_NODE_FLAGS } from '../apps/server/test/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface OwnServer {
  origin: string;
  child: ChildProcess;
  dataDir: string;
}

/**
 * `node apps/server/src/main.ts` as the README tells a newcomer to run it (on the baseline WebAssembly compiler,
 * SHORT_LIVED_NODE_FLAGS), on a free port with a fresh
 * DATA_DIR, for journeys that need settings the shared e2e server does not have; ready once /health
 * answers. Unset variables (no PostgreSQL, no MiningHub, no feeds, no SMTP) unless `env` sets them.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-e2e-own-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SHORT_LIVED_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MININGHUB_TOKEN: '',
      NEWS_FEEDS: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warning',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering /health:\n${stderr}`))),
  );
  exited.catch(() => undefined);
  const healthy = (async () => {
    for (;;) {
      const ok = await fetch(`${origin}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([healthy, exited]);
  return { origin, child, dataDir };
}

/** SIGTERM (SIGKILL after 15 s), then the data directory goes. */
export async function stopOwnServer({ child, dataDir }: OwnServer): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
