import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { freePort, realServer, until, realServerResources } from './processes.ts';

// Split from restart.test.ts so that the kill -9 tests run on separate workers at the same time.

describe('a batch survives kill -9 of the server', { timeout: 240_000 }, () => {
  const { children, tempDir } = realServerResources();

  it('finishes after a restart with every article in the CRM outbox exactly once', async () => {
    const dataDir = await tempDir('mh-restart-');
    const { start, api } = realServer(dataDir, await freePort(), children);
    let server = await start();
    const session = (await api(server.cookie, 'fetch-news-session', { dateRange: 3650 })) as { session_id: string };
    const ids = await until(
      'the fetch',
      async () => {
        const page = (await api(server.cookie, `articles/session/${session.session_id}?page_size=1`)) as {
          pagination?: { total_count: number };
        };
        if ((page.pagination?.total_count ?? 0) < 400) return undefined;
        const all = (await api(server.cookie, `articles/session/${session.session_id}/ids`)) as {
          data: { article_ids: number[] };
        };
        return all.data.article_ids.slice(0, 40);
      },
      60_000,
    );
    const batch = (await api(server.cookie, 'batch/process-selected', { article_ids: ids })) as {
      batch_session_id: string;
    };
    const beforeKill = await until(
      'some progress',
      async () => {
        const status = (await api(server.cookie, `batch/status/${batch.batch_session_id}`)) as { completed: number };
        return status.completed >= 3 ? status.completed : undefined;
      },
      60_000,
    );
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    expect(beforeKill).toBeLessThan(40); // the kill really interrupted the batch

    server = await start();
    const final = await until(
      'the batch to finish after the restart',
      async () => {
        const status = (await api(server.cookie, `batch/status/${batch.batch_session_id}`)) as { status: string };
        return status.status === 'completed' ? status : undefined;
      },
      180_000,
    );
    expect(final).toMatchObject({ total_articles: 40, completed: 40, failed: 0, results: { pushed_to_hubspot: 40 } });
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));

    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const notes = await sql<{
        article_id: number;
        n: number;
      }>`SELECT article_id, count(*)::int AS n FROM crm_notes GROUP BY article_id`.execute(handle.db);
      expect(notes.rows).toHaveLength(40);
      expect(notes.rows.every((row) => row.n === 1)).toBe(true);
      const companies = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM crm_companies GROUP BY lower(coalesce(domain, name)) HAVING count(*) > 1`.execute(
        handle.db,
      );
      expect(companies.rows).toEqual([]);
      const contacts = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM crm_contacts WHERE email IS NOT NULL GROUP BY lower(email) HAVING count(*) > 1`.execute(
        handle.db,
      );
      expect(contacts.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
