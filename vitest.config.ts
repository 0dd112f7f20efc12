import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer, TEST_WORKERS } from './vitest.shared.ts';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
