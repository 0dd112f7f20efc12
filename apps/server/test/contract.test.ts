import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runContract, startPrism } from './contract-run.ts';
import { adminQuery, databaseUrl } from './database-templates.ts';
import { ADMIN, freePort, realServer, realServerResources } from './processes.ts';
import { testEngines } from './test-database.ts';

/**
 * Issue 31: independent tools check the contract. Spectral (`spectral:oas`, its recommended rules) lints
 * the OpenAPI document the server serves; then generated valid and invalid requests go to every operation
 * of the real server (`node main.ts`), on each engine, as an admin, a member and anonymously, through
 * Stoplight Prism's validating proxy (`prism proxy --errors`). See contract-run.ts for the checks.
 * Alone: `npx vitest run --project server-processes contract` (CONTRACT_CASES sets the cases per operation
 * and role, CONTRACT_SEED the seed).
 */

const CASES_PER_ROLE = Number(process.env.CONTRACT_CASES ?? 20);
const SEED = Number(process.env.CONTRACT_SEED ?? 31);

describe.each(testEngines)('the OpenAPI contract on %s', { timeout: 600_000 }, (engine) => {
  const { children, tempDir } = realServerResources();
  const databases: string[] = [];
  afterAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    for (const child of children) child.kill('SIGKILL');
    if (serverUrl)
      for (const name of databases) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('passes Spectral, and every operation answers as the document says, through Prism, with zero violations', async () => {
    const env: NodeJS.ProcessEnv = {};
    if (engine === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `mh_contract_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      databases.push(name);
      env.DATABASE_URL = databaseUrl(serverUrl, name);
    }
    const dir = await tempDir('mh-contract-');
    const port = await freePort();
    const server = realServer(dir, port, children, env);
    await server.start();
    const serverOrigin = `http://127.0.0.1:${port}`;
    const document = (await (await fetch(`${serverOrigin}/api/docs/json`)).json()) as Record<string, unknown>;
    const documentFile = path.join(dir, 'openapi.json');
    await writeFile(documentFile, JSON.stringify(document, null, 2));

    // Spectral's recommended OpenAPI rules, from its bundled ruleset (nothing fetched).
    const ruleset = path.join(dir, '.spectral.yaml');
    await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
    const lint = await promisify(execFile)(
      BIN('spectral'),
      ['lint', '-r', ruleset, '-f', 'json', '--quiet', documentFile],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
    const findings = JSON.parse(lint.stdout || '[]') as {
      code: string;
      severity: number;
      message: string;
      path: string[];
    }[];
    const errors = findings.filter((finding) => finding.severity === 0);
    console.log(`spectral (${engine}): ${errors.length} errors, ${findings.length - errors.length} warnings`);
    expect(errors.map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`)).toEqual([]);

    const prism = await startPrism(documentFile, serverOrigin, await freePort(), children);
    const startedAt = Date.now();
    const result = await runContract({
      document,
      serverOrigin,
      prismOrigin: prism.origin,
      admin: ADMIN,
      casesPerRole: CASES_PER_ROLE,
      seed: SEED,
      only: process.env.CONTRACT_ONLY ? new RegExp(process.env.CONTRACT_ONLY) : undefined,
    });
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    console.log(
      `contract: ${result.operations} operations, ${result.cases} cases, ${result.violations.length} violations ` +
        `(${engine}, ${seconds} s, seed ${SEED}; ${result.beyondSchema} valid cases refused by a service rule beyond the schema)` +
        (result.notes.length > 0 ? `; notes: ${result.notes.join('; ')}` : ''),
    );
    console.log(`contract statuses (${engine}): ${JSON.stringify(result.statuses)}`);
    const violationsFile = path.join(os.tmpdir(), `contract-violations-${engine}.txt`);
    await rm(violationsFile, { force: true });
    if (result.violations.length > 0) {
      console.log(`contract violations (${engine}): ${violationsFile}`);
      await writeFile(violationsFile, result.violations.join('\n'));
    }
    expect(result.violations.slice(0, 40)).toEqual([]);
  });
});
