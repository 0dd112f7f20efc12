import WebSocket from 'ws';
import { startFakeHubspot } from '../apps/server/test/fake-hubspot-server.ts';
import { startFakeOpenAi } from '../apps/server/test/fake-openai-server.ts';
import { printFigure, signIn, startServer } from './lib/server.ts';

/**
 * 500 demo articles through Process Selected, with the fake OpenAI answering in 300 ms and allowing 1,200
 * requests per minute, and the fake HubSpot allowing 100 requests per 10 seconds. Wall time is printed beside
 * the ideal bound the two limits allow for the requests actually needed; goal within 1.2× of it, zero
 * duplicates, zero failed articles.
 */

const ARTICLES = 500;
const OPENAI_RPM = 1200;
const HUBSPOT_PER_10S = 100;

const openai = await startFakeOpenAi({ apiKey: 'bench-key', latencyMs: 300, requestsPerMinute: OPENAI_RPM });
const hubspot = await startFakeHubspot({
  accessToken: 'bench-token',
  rateLimit: { requests: HUBSPOT_PER_10S, windowMs: 10_000 },
});
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
  let batchId = '';
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

  const started = performance.now();
  const batch = await fetch(`${server.origin}/api/v1/batch/process-selected`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ article_ids: ids }),
  });
  batchId = ((await batch.json()) as { batch_session_id: string }).batch_session_id;
  let status: { status: string; completed: number; failed: number } = { status: 'running', completed: 0, failed: 0 };
  while (status.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = (await (
      await fetch(`${server.origin}/api/v1/batch/status/${batchId}`, { headers })
    ).json()) as typeof status;
  }
  const seconds = (performance.now() - started) / 1000;
  socket.close();

  // The bound: whichever service's limit needs longer for the requests this run really made.
  const openaiBound = openai.stats.served / (OPENAI_RPM / 60) + 0.3;
  const hubspotBound = hubspot.stats.served / (HUBSPOT_PER_10S / 10);
  const bound = Math.max(openaiBound, hubspotBound);
  printFigure(`pipeline ${ids.length} articles wall time`, seconds, 'seconds');
  printFigure(
    'pipeline ideal bound of the limits',
    bound,
    'seconds',
    `(OpenAI ${openai.stats.served} req, HubSpot ${hubspot.stats.served} req)`,
  );
  printFigure(
    'pipeline wall / bound',
    seconds / bound,
    'ratio',
    `(goal <= 1.2, ${seconds / bound <= 1.2 ? 'MET' : 'MISSED'})`,
  );
  printFigure('pipeline 429s received (OpenAI)', openai.stats.rateLimited, 'count');
  printFigure('pipeline 429s received (HubSpot)', hubspot.stats.rateLimited, 'count');
  printFigure(
    'pipeline duplicate companies + contacts',
    hubspot.duplicateCompanies().length + hubspot.duplicateContacts().length,
    'count',
    '(goal 0)',
  );
  printFigure('pipeline failed articles', status.failed, 'count', '(goal 0)');
} finally {
  await server.stop();
  await openai.close();
  await hubspot.close();
}
