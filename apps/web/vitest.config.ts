import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.shared.ts';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    maxWorkers: TEST_WORKERS,
    environment: 'jsdom',
    // One jsdom per worker instead of one per file (it was half the project's time); the setup file
    // clears the DOM after every test, and no test leaves module state behind.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A safety net, not a timing goal, as in the server project.
    testTimeout: 60_000,
  },
});
