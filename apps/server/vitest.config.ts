import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

export default defineProject({
  test: {
    name: 'server',
    maxWorkers: TEST_WORKERS,
    // The tests that start real server processes are a project of their own: vitest.processes.config.ts.
    include: ['src/**/*.test.ts'],
    // Files share their worker's modules instead of each re-importing the server (and re-compiling
    // PGlite) in a new worker: 10 min 38 s -> 6 min 57 s for the whole run here. Every file closes what
    // it opens, and none mocks modules or leaves globals changed.
    isolate: false,
    // Migrated template databases, made once per run and copied for each test.
    globalSetup: ['./test/global-setup.ts'],
    // Safety nets, not timing goals (those are in npm run bench): on a busy 2-core machine a 20 s test is common.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
