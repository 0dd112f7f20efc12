import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules of docs/ARCHITECTURE.md are enforced by eslint.config.js (`npm run check` runs
// ESLint). Each probe below is a one-line file at a path where it would live: a forbidden import must
// be reported, a legal one must not, so a rule that stops matching fails here.
const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface Probe {
  file: string;
  imports: string;
  /** `import type` instead of a value import. */
  typeOnly?: boolean;
}

const forbidden: [string, Probe][] = [
  [
    'an adapter imports a module',
    { file: 'apps/server/src/adapters/ai/probe.ts', imports: '../../modules/news/news.service.ts' },
  ],
  [
    'an adapter imports a module (type only)',
    { file: 'apps/server/src/adapters/crm/probe.ts', imports: '../../modules/news/news.repository.ts', typeOnly: true },
  ],
  ['an adapter imports http/', { file: 'apps/server/src/adapters/ai/probe.ts', imports: '../../http/types.ts' }],
  [
    'an adapter reaches into the scraper',
    { file: 'apps/server/src/adapters/project-sources/probe.ts', imports: '../../scraper/scraper-messages.ts' },
  ],
  [
    'an adapter imports demo/',
    { file: 'apps/server/src/adapters/news-sources/probe.ts', imports: '../../demo/news/demo-source.ts' },
  ],
  ['an adapter imports the composition root', { file: 'apps/server/src/adapters/probe.ts', imports: '../services.ts' }],
  ['lib/ imports the app', { file: 'apps/server/src/lib/probe.ts', imports: '../errors.ts' }],
  [
    "a module imports another module's repository",
    { file: 'apps/server/src/modules/pipeline/probe.ts', imports: '../news/news.repository.ts' },
  ],
  [
    "a module imports another module's routes",
    { file: 'apps/server/src/modules/users/probe.ts', imports: '../auth/auth.routes.ts' },
  ],
  [
    'a module imports demo/',
    { file: 'apps/server/src/modules/news/probe.ts', imports: '../../demo/news/demo-corpus.ts' },
  ],
  [
    'a module imports http/ internals',
    { file: 'apps/server/src/modules/news/probe.ts', imports: '../../http/error-handler.ts' },
  ],
  ['a module imports app.ts', { file: 'apps/server/src/modules/news/probe.ts', imports: '../../app.ts' }],
  [
    'demo/ imports a module',
    { file: 'apps/server/src/demo/news/probe.ts', imports: '../../modules/news/news.service.ts' },
  ],
  ['demo/ imports the database', { file: 'apps/server/src/demo/directory/probe.ts', imports: '../../db/client.ts' }],
  ['http/ imports a module', { file: 'apps/server/src/http/probe.ts', imports: '../modules/auth/auth.service.ts' }],
  ['http/ imports an adapter', { file: 'apps/server/src/http/probe.ts', imports: '../adapters/http-fetch.ts' }],
  [
    'the scraper imports a module',
    { file: 'apps/server/src/scraper/probe.ts', imports: '../modules/scraper/scraper.service.ts' },
  ],
  ['jobs/ imports an adapter', { file: 'apps/server/src/jobs/probe.ts', imports: '../adapters/crm/crm-adapter.ts' }],
  ['errors.ts imports a module', { file: 'apps/server/src/errors.ts', imports: './modules/auth/auth.service.ts' }],
  ['a feature imports another feature', { file: 'apps/web/src/features/users/probe.tsx', imports: '../auth/api.ts' }],
  [
    'a feature imports another feature from a subfolder',
    {
      file: 'apps/web/src/features/dashboard/components/probe.tsx',
      imports: '../../pinboard/components/pin-board.tsx',
    },
  ],
  [
    'a feature imports another feature through features/',
    { file: 'apps/web/src/features/news/components/probe.tsx', imports: '../../../features/scraper/api.ts' },
  ],
  ['a feature imports app/', { file: 'apps/web/src/features/news/probe.tsx', imports: '../../app/router.tsx' }],
  ['components/ imports a feature', { file: 'apps/web/src/components/probe.tsx', imports: '../features/auth/api.ts' }],
  ['lib/ imports app/', { file: 'apps/web/src/lib/probe.ts', imports: '../app/query-client.ts' }],
  [
    'the contract imports the server',
    { file: 'packages/contract/src/probe.ts', imports: '../../../apps/server/src/errors.ts' },
  ],
  [
    'the contract imports the web app by name',
    { file: 'packages/contract/src/probe.ts', imports: '@mining-hub/web/src/lib/format.ts' },
  ],
];

const allowed: [string, Probe][] = [
  [
    'a module imports its own repository',
    { file: 'apps/server/src/modules/pipeline/probe.ts', imports: './pipeline.repository.ts' },
  ],
  [
    "a module imports another module's service",
    { file: 'apps/server/src/modules/news/probe.ts', imports: '../audit/audit.service.ts' },
  ],
  [
    'a module imports an adapter',
    { file: 'apps/server/src/modules/pipeline/probe.ts', imports: '../../adapters/ai/ai-analyser.ts' },
  ],
  [
    'a module imports route plumbing',
    { file: 'apps/server/src/modules/news/probe.ts', imports: '../../http/security.ts' },
  ],
  [
    'a module imports the scraper program',
    { file: 'apps/server/src/modules/scraper/probe.ts', imports: '../../scraper/scraper-messages.ts' },
  ],
  ['an adapter imports lib/', { file: 'apps/server/src/adapters/ai/probe.ts', imports: '../../lib/text.ts' }],
  [
    'an adapter imports a sibling adapter',
    { file: 'apps/server/src/adapters/news-sources/probe.ts', imports: '../http-fetch.ts' },
  ],
  [
    'a source factory imports the demo source',
    { file: 'apps/server/src/adapters/news-sources/news-sources.ts', imports: '../../demo/news/demo-source.ts' },
  ],
  ['app.ts registers demo routes', { file: 'apps/server/src/app.ts', imports: './demo/news/demo-news.routes.ts' }],
  [
    "demo/ imports an adapter's port",
    { file: 'apps/server/src/demo/directory/probe.ts', imports: '../../adapters/project-sources/project-source.ts' },
  ],
  [
    'demo/ imports lib/ and its own files',
    { file: 'apps/server/src/demo/news/probe.ts', imports: '../../lib/html.ts' },
  ],
  [
    'the scraper imports an adapter',
    { file: 'apps/server/src/scraper/probe.ts', imports: '../adapters/project-sources/project-sources.ts' },
  ],
  ['lib/ imports its own files', { file: 'apps/server/src/lib/probe.ts', imports: './html.ts' }],
  ['a test wires anything', { file: 'apps/server/src/http/probe.test.ts', imports: '../modules/auth/auth.service.ts' }],
  [
    'a feature imports components/ and lib/',
    { file: 'apps/web/src/features/users/components/probe.tsx', imports: '../../../lib/auth-context.ts' },
  ],
  [
    'a feature imports its own files',
    { file: 'apps/web/src/features/users/components/probe.tsx', imports: '../api.ts' },
  ],
  ['app/ imports a feature', { file: 'apps/web/src/app/probe.tsx', imports: '../features/auth/api.ts' }],
  ['the contract imports its own files', { file: 'packages/contract/src/probe.ts', imports: './common.ts' }],
];

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The import-rule problems of a one-line probe, plus anything that would stop ESLint judging it. */
async function importProblems({ file, imports, typeOnly }: Probe): Promise<string[]> {
  const code = typeOnly
    ? `import type { Probe } from '${imports}';\nexport type Probed = Probe;\n`
    : `import * as probe from '${imports}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === null)
    .map((message) => `${message.ruleId ?? 'not linted'}: ${message.message}`);
}

describe('jobs are worked through workJobs (eslint.config.js)', () => {
  const problemsOf = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'not linted'}: ${message.message}`);
  };

  it('refuses boss.work in a module, and allows workJobs', async () => {
    const file = 'apps/server/src/modules/news/probe.ts';
    const header = "import type { PgBoss } from '../../jobs/queue.ts';\n";
    expect(
      await problemsOf(file, `${header}export const probe = (boss: PgBoss) => boss.work('q', async () => {});\n`),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: Work jobs with workJobs/)]);
    expect(
      await problemsOf(
        file,
        "import { workJobs, type PgBoss } from '../../jobs/queue.ts';\n" +
          "export const probe = (boss: PgBoss) => workJobs(boss, 'q', {}, async () => {});\n",
      ),
    ).toEqual([]);
  });
});

describe('import boundaries (eslint.config.js)', () => {
  it.each(forbidden)('refuses: %s', async (_name, probe) => {
    const problems = await importProblems(probe);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^no-restricted-imports: /);
  });

  it.each(allowed)('allows: %s', async (_name, probe) => {
    expect(await importProblems(probe)).toEqual([]);
  });
});
