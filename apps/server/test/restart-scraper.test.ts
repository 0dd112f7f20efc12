import { describe, expect, it } from 'vitest';
import { freePort, isAlive, realServer, until, realServerResources } from './processes.ts';

// Split from restart.test.ts so that the kill -9 tests run on separate workers at the same time.

describe('a scraper run survives kill -9 of the server', { timeout: 240_000 }, () => {
  const { children, tempDir } = realServerResources();

  it('the child goes with the server, and the restarted server finishes the run from its saved state', async () => {
    const dataDir = await tempDir('mh-restart-scraper-');
    const { start, api } = realServer(dataDir, await freePort(), children);
    type Progress = { status: string; projects_completed: number; projects_failed: number };
    let server = await start();
    const started = (await api(server.cookie, 'scraper/start', {
      mode: 'test',
      max_workers: 1,
      max_concurrency: 1,
      batch_size: 10,
    })) as { data: { pid: number } };
    const childPid = started.data.pid;
    const beforeKill = await until(
      'some projects',
      async () => {
        const { data } = (await api(server.cookie, 'scraper/progress')) as { data: Progress };
        return data.projects_completed >= 5 ? data.projects_completed : undefined;
      },
      60_000,
    );
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // Never an orphan: the crawler stops when its server is gone.
    await until('the child to exit', async () => (isAlive(childPid) ? undefined : true), 10_000);

    server = await start();
    const final = await until(
      'the run to finish after the restart',
      async () => {
        const { data } = (await api(server.cookie, 'scraper/progress')) as { data: Progress };
        return data.status === 'running' ? undefined : data;
      },
      120_000,
    );
    expect(beforeKill).toBeLessThan(60);
    expect(final).toMatchObject({ status: 'completed', projects_completed: 60, projects_failed: 0 });
    const status = (await api(server.cookie, 'scraper/status')) as { data: { running: boolean; pid: number | null } };
    expect(status.data).toMatchObject({ running: false, pid: null });
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  });
});
