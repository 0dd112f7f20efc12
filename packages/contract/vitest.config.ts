import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

export default defineProject({ test: { name: 'contract', maxWorkers: TEST_WORKERS, include: ['src/**/*.test.ts'] } });
