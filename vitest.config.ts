import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './vitest.workers.ts';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    maxWorkers: TEST_WORKERS,
  },
});
