import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

/**
 * The tests that start the real server as an operator runs it (`node main.ts`) and kill, restart and
 * scale it: the kill -9 loops, the database restart, api and worker roles. They are about a third of
 * Vitest's CPU, so they run apart from `npm test` (`npm run test:processes`); CI runs both.
 */
export default defineProject({
  test: {
    name: 'server-processes',
    maxWorkers: TEST_WORKERS,
    include: ['test/**/*.test.ts'],
    // Safety nets, as in the server project; the files set longer ones for their loops.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
