import WebSocket from 'ws';
import { startFakeHubspot } from '../apps/server/test/fake-hubspot-server.ts';
import { startFakeOpenAi } from '../apps/server/test/fake-openai-server.ts';
import { printFigure, signIn, startServer } from './lib/server.ts';

/**
 * Issue 35: Signals, CRM and Reports stay responsive while a 500-article batch runs on PGlite. While Process
 * Selected works 500 demo articles (fake OpenAI 300 ms a call, fake HubSpot), a rep's screens poll their API
 * calls every 250 ms, as the app does on a live update: the inbox's page 1, the CRM outbox and the reports
 * summary, beside `/health` in the same run. Goal: p95 of each under 500 ms.
 */

const ARTICLES = 500;
const GOAL_MS = 500;
const CALLS: Record<string, string> = {
  health: '/health',
  'signals page 1': '/api/v1/signals?page=1&page_size=50',
  'crm outbox page 1': '/api/v1/crm-outbox?page=1&page_size=20',
  'reports summary 30 days': '/api/v1/reports/summary?days=30',
};

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

const openai = await startFakeOpenAi({ apiKey: 'bench-key', latencyMs: 300, requestsPerMinute: 1200 });
const hubspot = await startFakeHubspot({ accessToken: 'bench-token', rateLimit: { requests: 100, windowMs: 10_000 } });
const server = await startServer({
  env: {
    NEWS_FETCH_INTERVAL_SECONDS: '0',
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: openai.url,
    HUBSPOT_ACCESS_TOKEN: 'bench-token',
    HUBSPOT_BASE_URL: hubspot.url,
    PIPELINE_CONCURRENCY: '24',
    PIPELINE_AI_CONCURRENCY: '8',
    PIPELINE_CRM_CONCURRENCY: '8',
  },
});
try {
  const cookie = await signIn(server);
  const headers = { cookie, origin: server.origin, 'content-type': 'application/json' };
  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`, {
    headers: { cookie, origin: server.origin },
  });
  let sessionId = '';
  const fetched = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; session_id?: string; data?: { status?: string } };
      if (
        message.type === 'progress_update' &&
        message.session_id === sessionId &&
        message.data?.status === 'completed'
      )
        resolve();
    }),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  const session = await fetch(`${server.origin}/api/v1/fetch-news-session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dateRange: 3650 }),
  });
  sessionId = ((await session.json()) as { session_id: string }).session_id;
  await fetched;
  const ids = (
    (await (await fetch(`${server.origin}/api/v1/articles/session/${sessionId}/ids`, { headers })).json()) as {
      data: { article_ids: number[] };
    }
  ).data.article_ids.slice(0, ARTICLES);

  const timings: Record<string, number[]> = Object.fromEntries(Object.keys(CALLS).map((name) => [name, []]));
  const failures: string[] = [];
  const timeCall = async (name: string, url: string) => {
    const started = performance.now();
    const response = await fetch(`${server.origin}${url}`, { headers });
    await response.arrayBuffer();
    timings[name]?.push(performance.now() - started);
    if (!response.ok) failures.push(`${name} ${response.status}`);
  };

  const batch = await fetch(`${server.origin}/api/v1/batch/process-selected`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ article_ids: ids }),
  });
  const batchId = ((await batch.json()) as { batch_session_id: string }).batch_session_id;
  let running = true;
  const batchStarted = performance.now();
  const watcher = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const status = (await (await fetch(`${server.origin}/api/v1/batch/status/${batchId}`, { headers })).json()) as {
        status: string;
      };
      if (status.status === 'completed') running = false;
    }
  })();
  // The rep's screens: each call every 250 ms (never two of one kind at once), for as long as the batch runs.
  await Promise.all(
    Object.entries(CALLS).map(async ([name, url]) => {
      while (running) {
        const next = performance.now() + 250;
        await timeCall(name, url);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    }),
  );
  await watcher;
  socket.close();

  const seconds = (performance.now() - batchStarted) / 1000;
  printFigure(`beside batch: ${ids.length} articles wall time`, seconds, 'seconds');
  for (const [name, values] of Object.entries(timings)) {
    const value = p95(values);
    const goal = name === 'health' ? '(baseline)' : `(goal < ${GOAL_MS}, ${value < GOAL_MS ? 'MET' : 'MISSED'})`;
    printFigure(`beside batch: ${name}`, value, 'p95 ms', `${goal}, ${values.length} calls`);
  }
  if (failures.length > 0)
    printFigure('beside batch: failed calls', failures.length, 'count', failures.slice(0, 3).join(', '));
} finally {
  await server.stop();
  await openai.close();
  await hubspot.close();
}
