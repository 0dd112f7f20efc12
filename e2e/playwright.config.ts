import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from '../apps/server/test/free-port.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

// Workers re-read this file; the port and data dir chosen by the main process reach them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mh-e2e-'));
// The servers the journeys start load the same modules each time: Node keeps their compiled code here
// (checked against each file's content, so a stale entry is never used), as the Vitest setup does.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'mh-test-node-compile-cache');
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password', name: 'Administrator' };
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // The journeys spend part of their time waiting on the server (fetch intervals, crawler runs): one more
  // than the cores keeps the cores busy (93 s instead of 110 s for the 32 on 2 cores, 2026-11-28).
  workers: os.availableParallelism() + 1,
  retries: 0,
  // A safety net, not a timing goal: on a busy 2-core machine a journey of every screen took 35 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's build of the headless shell Playwright itself runs headless: the journeys took half the CPU
      // of the full browser's (265 against 530 CPU-s for its processes, 4.3 against 6.9 min on 2 cores).
      // The app's own scraper keeps CHROMIUM_PATH, the full browser a team installs.
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warning',
      // The journeys share one admin, and each of its fetches waits out the one before: 4 s instead of
      // the default 10 keeps the rate limit (its own journey sees the refusal) without the waiting.
      NEWS_FETCH_INTERVAL_SECONDS: '4',
      // On localhost the demo directory answers at once and a test-mode run is over in 2 s, before a
      // pause or a stop can land: 100 ms a page, as a remote directory takes, gives the scraper's
      // journeys a run to act on (test mode about 7 s).
      DEMO_DIRECTORY_DELAY_MS: '100',
    },
  },
});
