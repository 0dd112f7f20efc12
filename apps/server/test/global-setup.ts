import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, buildPgliteTemplate, createPostgresTemplate } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory every PGlite test database is a copy of. */
    pgliteTemplateDir: string;
    /** The migrated PostgreSQL database every PostgreSQL test database is copied from (with TEST_DATABASE_URL). */
    postgresTemplate: string | undefined;
  }
}

/** Makes the migrated template databases once for the whole run; removes them afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mh-test-template-'));
  await buildPgliteTemplate(dir);
  project.provide('pgliteTemplateDir', dir);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = serverUrl ? await createPostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (serverUrl && postgresTemplate)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
  };
}
