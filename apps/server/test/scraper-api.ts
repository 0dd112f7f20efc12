import { readdir, readFile } from 'node:fs/promises';
import type { ScraperProgress, ScraperStatus } from '@mining-hub/contract/scraper';
import { APP_ORIGIN, type TestApp } from './test-app.ts';

/** The scraper API as an admin calls it through `app.inject`, with a wait on its progress. */
export function scraperApi(t: TestApp, cookie: string) {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/scraper${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const status = async (): Promise<ScraperStatus> => (await call('GET', '/status')).json().data;
  const progress = async (): Promise<ScraperProgress> => (await call('GET', '/progress')).json().data;
  const until = async (what: string, check: (p: ScraperProgress) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await progress();
      if (check(current)) return current;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; progress ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** The newest output file of a type, downloaded. */
  const download = async (type: 'json' | 'excel' | 'reports') => {
    const outputs = (await call('GET', '/outputs')).json().data;
    return call('GET', `/download/${type}/${outputs[type][0].name}`);
  };
  return { call, status, progress, until, download };
}

/** A process and everything it started (Chromium included), read from /proc while they run. */
export async function processTree(root: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}
