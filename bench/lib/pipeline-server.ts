import WebSocket from 'ws';
import { startFakeHubspot } from '../../apps/server/test/fake-hubspot-server.ts';
import { startFakeOpenAi } from '../../apps/server/test/fake-openai-server.ts';
import { signIn, startServer, type BenchServer } from './server.ts';

export interface PipelineBench {
  server: BenchServer;
  openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  hubspot: Awaited<ReturnType<typeof startFakeHubspot>>;
  /** The signed-in admin's headers for the API (cookie, origin, JSON). */
  headers: Record<string, string>;
  /** The first `articles` demo articles of a completed fetch (all time). */
  articleIds: number[];
  /** Starts Process Selected on `ids`; answers the batch id. */
  processSelected(ids: number[]): Promise<string>;
  batchStatus(batchId: string): Promise<{ status: string; completed: number; failed: number }>;
  close(): Promise<void>;
}

/**
 * The server with the fake OpenAI (300 ms a call, `openaiRpm` a minute) and the fake HubSpot (`hubspotPer10s`
 * requests per 10 s), signed in, with a fetch of the demo feeds completed (waited for on the live socket) and
 * its first `articles` ids read: what the pipeline benchmarks start from.
 */
export async function startPipelineBench(options: {
  articles: number;
  openaiRpm: number;
  hubspotPer10s: number;
}): Promise<PipelineBench> {
  const openai = await startFakeOpenAi({ apiKey: 'bench-key', latencyMs: 300, requestsPerMinute: options.openaiRpm });
  const hubspot = await startFakeHubspot({
    accessToken: 'bench-token',
    rateLimit: { requests: options.hubspotPer10s, windowMs: 10_000 },
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
  let socket: WebSocket | undefined;
  const close = async () => {
    socket?.close();
    await server.stop();
    await openai.close();
    await hubspot.close();
  };
  try {
    const cookie = await signIn(server);
    const headers = { cookie, origin: server.origin, 'content-type': 'application/json' };
    // The socket stays open while the benchmark runs, as a rep's page keeps it: live updates cost the server too.
    socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`, { headers: { cookie, origin: server.origin } });
    const articleIds = (await fetchDemoArticles(server, socket, headers)).slice(0, options.articles);
    const api = async <T>(path: string, init?: RequestInit) =>
      (await (await fetch(`${server.origin}${path}`, { headers, ...init })).json()) as T;
    return {
      server,
      openai,
      hubspot,
      headers,
      articleIds,
      processSelected: async (ids) =>
        (
          await api<{ batch_session_id: string }>('/api/v1/batch/process-selected', {
            method: 'POST',
            body: JSON.stringify({ article_ids: ids }),
          })
        ).batch_session_id,
      batchStatus: (batchId) => api(`/api/v1/batch/status/${batchId}`),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Fetches the demo feeds (all time) and answers the session's article ids once the live socket says it completed. */
async function fetchDemoArticles(
  server: BenchServer,
  socket: WebSocket,
  headers: Record<string, string>,
): Promise<number[]> {
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
  const ids = await fetch(`${server.origin}/api/v1/articles/session/${sessionId}/ids`, { headers });
  return ((await ids.json()) as { data: { article_ids: number[] } }).data.article_ids;
}
