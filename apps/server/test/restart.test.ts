import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, freePort, kill9, processState, realServer, sleep, until, realServerResources } from './processes.ts';

describe('the server starts again after kill -9 at any moment', { timeout: 300_000 }, () => {
  const { children, tempDir } = realServerResources();

  it('20 cycles: killed while starting (from the first migrations on), just after listening and left a zombie, under requests, idle', async () => {
    const dataDir = await tempDir('mh-restart-loop-');
    const { launch, start, api } = realServer(dataDir, await freePort(), children);
    const lockFile = path.join(dataDir, 'db', 'owner.pid');
    let zombie: { pid: number; parent: ChildProcess } | undefined;
    for (let cycle = 0; cycle < 20; cycle++) {
      if (cycle % 4 === 0) {
        // While starting: after it took the lock, as PGlite opens, migrates (the first cycle: a new
        // database) and pg-boss installs, at a different moment each time.
        const { child } = launch();
        await until(
          'the lock',
          async () => (fs.readFileSync(lockFile, 'utf8').split('\n')[0] === String(child.pid) ? true : undefined),
          60_000,
        );
        await sleep([300, 0, 150, 400, 700][cycle / 4] ?? 0);
        await kill9(child);
        continue;
      }
      // Every start after a kill must come up: `start` fails with the server's own error otherwise.
      const server = await start({ unreaped: cycle % 4 === 1 });
      expect(server.cookie).not.toBe('');
      if (zombie) {
        expect(processState(zombie.pid)).toBe('Z'); // the lock's recorded owner still had a pid all along
        await kill9(zombie.parent);
        zombie = undefined;
      }
      if (cycle % 4 === 1) {
        // Just after listening, and nobody reaps it before the next start.
        process.kill(server.pid, 'SIGKILL');
        await until('a zombie', async () => (processState(server.pid) === 'Z' ? true : undefined), 10_000);
        zombie = { pid: server.pid, parent: server.child };
        continue;
      }
      if (cycle % 4 === 2) {
        // Under requests: news fetches storing hundreds of articles, session refreshes, reads.
        const ignore = () => undefined;
        void api(server.cookie, 'fetch-news-session', { dateRange: 3650 }).catch(ignore);
        void api(server.cookie, 'fetch-news-session', { dateRange: 30 }).catch(ignore);
        void api(server.cookie, 'auth/refresh', {}).catch(ignore);
        void api(server.cookie, 'scraper/status').catch(ignore);
        await sleep(100 + cycle * 40);
      } else {
        await sleep(cycle * 30); // idle: background jobs and timers only
      }
      await kill9(server.child);
    }
    const server = await start();
    expect(await api(server.cookie, 'auth/me')).toMatchObject({ user: { email: ADMIN.email } });
    await kill9(server.child);
  });
});
