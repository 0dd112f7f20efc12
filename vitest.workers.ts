import os from 'node:os';

/**
 * Test files run this many at a time, in every project. Vitest's default is one worker fewer than the
 * cores: a single worker on these 2-core machines. Most server test files spend their time waiting on
 * servers, child processes and databases, so one worker more than the cores keeps the cores busy.
 * Projects referenced as config files do not inherit the root config, so each sets it; Vitest needs
 * the same value in all of them to run their files side by side.
 */
export const TEST_WORKERS = os.availableParallelism() + 1;
