import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

// Import boundaries (docs/ARCHITECTURE.md, "Import rules"); src/lint-boundaries.test.ts probes each one.
// no-restricted-imports matches the specifier as written, so each pattern is anchored on the `../` chain.
const UP = '^(\\.\\./)+';
const forbid = (regex, message) => ({ regex, message });
const server = 'apps/server/src';
const tests = ['**/*.test.ts', '**/*.test.tsx'];
const noModules = forbid(
  `${UP}modules/`,
  'Only the composition root (app.ts, services.ts, composition.ts, main.ts) imports modules/.',
);
const noAdapters = forbid(
  `${UP}adapters/`,
  'This layer sits below adapters/: pass what it needs in, or move it to lib/.',
);
const noDemo = forbid(
  `${UP}demo/`,
  'Product code never imports demo/: only the composition root and the source factories do.',
);
const noHttp = forbid(`${UP}http/`, 'http/ is route plumbing; adapters, lib and the scraper never import it.');
const noScraper = forbid(`${UP}scraper/`, 'Adapters never reach into the scraper; the scraper imports adapters.');
const noRoot = forbid(
  `${UP}(app|main|services|composition)\\.ts$`,
  'Nothing imports the composition root (app.ts, main.ts, services.ts, composition.ts).',
);
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores: [...tests, ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const sourceFactories = [
  `${server}/adapters/news-sources/news-sources.ts`,
  `${server}/adapters/project-sources/project-sources.ts`,
];
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));

const boundaries = [
  // Server: app.ts/main.ts/services.ts → modules → adapters → lib/contract; demo/ beside, wired in by the root.
  restrict(
    [`${server}/lib/**`],
    [forbid('^\\.\\./', 'lib/ imports nothing of the app: only its own files, packages and the contract.')],
  ),
  restrict(
    [`${server}/adapters/**`],
    [
      noModules,
      noHttp,
      noScraper,
      noDemo,
      noRoot,
      forbid(`${UP}(jobs|live)/`, 'Adapters talk to outside services only; jobs and live updates belong to modules.'),
    ],
    sourceFactories,
  ),
  restrict(sourceFactories, [noModules, noHttp, noScraper, noRoot]),
  restrict(
    [`${server}/modules/**`],
    [
      noDemo,
      noRoot,
      forbid(
        '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service\\.ts$)',
        'A module reaches another module only through its service (../other/other.service.ts), never its repository or other files.',
      ),
      forbid('^(\\.\\./){2,}modules/', 'Reach another module as ../other/other.service.ts.'),
      forbid(
        `${UP}http/(?!(types|security|session-cookie|json-body|browser-defences)\\.ts$)`,
        'Modules use only the route plumbing of http/ (types, security, session-cookie, json-body, browser-defences).',
      ),
    ],
  ),
  restrict(
    [`${server}/demo/**`],
    [
      noModules,
      noRoot,
      forbid(
        `${UP}(db|jobs|live|scraper)/`,
        "The demo is a stand-in for outside services: adapters' ports, lib and the contract only.",
      ),
      forbid(`${UP}http/(?!types\\.ts$)`, 'Demo routes need only http/types.ts.'),
    ],
  ),
  restrict([`${server}/http/**`], [noModules, noAdapters, noDemo, noScraper, noRoot]),
  restrict([`${server}/scraper/**`], [noModules, noHttp, noDemo, noRoot]),
  restrict([`${server}/{db,jobs,live}/**`], [noModules, noAdapters, noDemo, noScraper, noRoot]),
  restrict(
    [`${server}/{config,errors,logging}.ts`],
    [
      forbid(
        '^\\./(modules|adapters|demo|http|scraper)/',
        'config.ts, errors.ts and logging.ts sit below everything else; they import only packages and the contract.',
      ),
      forbid('^\\./(app|main|services|composition)\\.ts$', noRoot.message),
    ],
  ),
  // Web: app → features → components/lib; a feature never imports another feature or the app.
  ...webFeatures.map((name) =>
    restrict(
      [`apps/web/src/features/${name}/**`],
      [
        forbid(`${UP}app/`, 'Features never import app/; the app composes features.'),
        forbid(
          `${UP}(features/)?(${webFeatures.filter((other) => other !== name).join('|')})(/|$)`,
          'A feature never imports another feature: move what they share to components/ or lib/, or compose them in app/.',
        ),
      ],
    ),
  ),
  restrict(
    ['apps/web/src/{components,lib}/**'],
    [forbid(`${UP}(features|app)/`, 'components/ and lib/ are shared: they never import features/ or app/.')],
  ),
  // The contract is read by both apps and imports neither.
  restrict(
    ['packages/contract/**'],
    [
      forbid('(^|/)apps(/|$)', 'packages/contract imports nothing from apps/.'),
      forbid('^@mining-hub/(server|web)', 'packages/contract imports nothing from apps/.'),
    ],
  ),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
  {
    // Jobs are worked through jobs/queue.ts's workJobs, which gives their queries connections of their own.
    files: [`${server}/**/*.ts`],
    ignores: [...tests, `${server}/jobs/queue.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='work']",
          message: 'Work jobs with workJobs (jobs/queue.ts): it gives their queries database connections of their own.',
        },
      ],
    },
  },
);
