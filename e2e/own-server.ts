import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/free-port.ts';
import { SHORT_LIVED_NODE_FLAGS, spawnServer, untilServing } from '../apps/server/test/server-process.ts';

export interface OwnServer {
  origin: string;
  child: ChildProcess;
  dataDir: string;
}

/**
 * `node apps/server/src/main.ts` as the README tells a newcomer to run it (on the baseline WebAssembly compiler:
 * SHORT_LIVED_NODE_FLAGS), on a free port with a fresh DATA_DIR, for journeys that need settings the shared e2e
 * server does not have; ready once /health answers. Unset variables (no PostgreSQL, no MiningHub, no feeds, no
 * SMTP) unless `env` sets them.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mh-e2e-own-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    {
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
    { nodeFlags: SHORT_LIVED_NODE_FLAGS },
  );
  // As long as the shared server's start may take (playwright.config.ts): a new DATA_DIR on a busy machine.
  await untilServing(server, origin, 90_000);
  return { origin, child: server.child, dataDir };
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
