import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

export default defineProject({
  test: {
    name: 'server',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrated template databases, made once per run and copied for each test.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
