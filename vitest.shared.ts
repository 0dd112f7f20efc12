import os from 'node:os';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The servers, CLIs and crawlers the tests spawn load the same modules again and again: let Node keep
// their compiled code (it checks each file's content, so a stale entry is never used). Set here, in
// Vitest's main process, so every project's workers and what they spawn inherit it.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'mh-test-node-compile-cache');

/**
 * Test files run this many at a time, in every project. Vitest's default is one worker fewer than the
 * cores: a single worker on these 2-core machines. Most server test files spend their time waiting on
 * servers, child processes and databases, so one worker more than the cores keeps the cores busy.
 * Projects referenced as config files do not inherit the root config, so each sets it; Vitest needs
 * the same value in all of them to run their files side by side.
 */
export const TEST_WORKERS = os.availableParallelism() + 1;

/**
 * The files that start real servers, crawler children and Chromium: each takes 15 to 40 s, most files
 * under 2 s. Started first, they run beside the short ones instead of after them; Vitest's own order
 * (longest first by its cache, else largest file first) has no cache on a fresh clone such as CI's.
 */
const LONGEST_FILES = [
  'apps/server/test/scale-out.test.ts',
  'apps/server/test/restart.test.ts',
  'apps/server/src/modules/scraper/scraper.crawl.test.ts',
  'apps/server/src/modules/scraper/scraper.browser.test.ts',
  'apps/server/src/modules/news/news.routes.test.ts',
  'apps/server/test/restart-scraper.test.ts',
  'apps/server/src/modules/pipeline/pipeline.retry-after.test.ts',
  'apps/server/test/restart-batch.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
