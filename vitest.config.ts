import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single worker on these 2-core machines.
    // Most server test files spend their time waiting on servers, child processes and databases, so
    // one worker more than the cores keeps the cores busy.
    maxWorkers: os.availableParallelism() + 1,
  },
});
