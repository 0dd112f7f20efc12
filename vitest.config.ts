import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer, TEST_WORKERS } from './vitest.shared.ts';

export default defineConfig({
  test: {
    // `npm run test:unit` runs the first three, `npm run test:processes` the last; `vitest run` all four.
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/server/vitest.processes.config.ts'],
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
