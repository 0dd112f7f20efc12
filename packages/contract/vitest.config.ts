import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

// Pure functions with no module state: the files share their worker's modules.
export default defineProject({
  test: { name: 'contract', maxWorkers: TEST_WORKERS, isolate: false, include: ['src/**/*.test.ts'] },
});
