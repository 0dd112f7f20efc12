import WebSocket from 'ws';
import { createSequenceTracker } from '@mining-hub/contract/live-sequence';
import { liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import { articlePageResponseSchema } from '@mining-hub/contract/news';
import { batchStatusSchema, type BatchStatus } from '@mining-hub/contract/pipeline';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';

/** As the web app's query client (app/query-client.ts): a 503 is asked again this many times, waiting at most this long. */
const UNAVAILABLE_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * What the Market Intelligence page shows of one batch, kept the way the web app keeps it: from the live
 * socket (batch_progress, article_status_update), refetching the article list on `resync` and after a
 * reconnect, asking the server to catch up when a topic's numbers skip (lib/live-socket.ts and
 * app/live-query-sync.tsx do the same in the browser). Reconnects like the browser when its socket closes.
 */
export function livePageModel(options: { origin: string; cookie: string; batchId: string; sessionId: string }) {
  const { origin, cookie } = options;
  const progress: { status: BatchStatus | undefined } = { status: undefined };
  const articleStatuses = new Map<number, string>();
  const seen = { resyncs: 0, gaps: 0, reconnects: 0, databaseStates: [] as string[] };
  let socket: WebSocket | undefined;
  let closedOnPurpose = false;
  let refetching = Promise.resolve();
  // When each article's status last came over the socket (a count of messages): a refetch answer asked for
  // before that is older than what the socket said, and the browser, which refetches after every change,
  // ends on the newer one.
  let messagesSeen = 0;
  const liveUpdateAt = new Map<number, number>();

  const receiveBatch = (data: unknown) => {
    const incoming = batchStatusSchema.parse(data);
    if (incoming.batch_session_id !== options.batchId) return;
    const current = progress.status;
    // As the page's newerBatchStatus: progress never goes backwards and a completed batch stays completed.
    const settled = (status: BatchStatus) => status.completed + status.failed;
    if (current && (current.status === 'completed' || settled(incoming) < settled(current))) return;
    progress.status = incoming;
  };

  /** One page of the session's articles, asked as the web app's query client asks (app/query-client.ts). */
  const articlePage = async (page: number) => {
    for (let attempt = 0; ; attempt++) {
      // No answer (the server stopped after the test) fails at once; a 503 while the database comes back is
      // asked again as Retry-After says, up to UNAVAILABLE_RETRIES times, like the browser's query.
      const response = await fetch(
        `${origin}/api/v1/articles/session/${options.sessionId}?page=${page}&page_size=100`,
        {
          headers: { cookie, origin },
        },
      ).catch(() => undefined);
      if (response?.status !== 503 || attempt >= UNAVAILABLE_RETRIES) {
        return response?.ok ? articlePageResponseSchema.parse(await response.json()) : undefined;
      }
      const waitMs = Math.min(parseRetryAfterMs(response.headers.get('retry-after')) ?? 1000, MAX_RETRY_AFTER_MS);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };

  /** The article list refetched, as invalidating its query does: every page of the session. */
  const refetchArticles = () => {
    refetching = refetching.then(async () => {
      // A refetch that fails leaves the list as it was, like the page's query; the next resync or reconnect
      // refetches. It never rejects, so later refetches still run and nothing is left to reject after the test.
      try {
        for (let page = 1; ; page++) {
          const askedAt = messagesSeen;
          const body = await articlePage(page);
          if (!body) return;
          for (const article of body.data) {
            if ((liveUpdateAt.get(article.article_id) ?? -1) <= askedAt)
              articleStatuses.set(article.article_id, article.status);
          }
          if (!body.pagination.has_next) return;
        }
      } catch {
        return;
      }
    });
  };

  const handle = (
    message: LiveMessage,
    send: (text: string) => void,
    tracker: ReturnType<typeof createSequenceTracker>,
  ) => {
    const verdict = tracker.observe(message);
    if (verdict === 'stale') return;
    if (verdict === 'gap') {
      seen.gaps += 1;
      send(JSON.stringify({ type: 'catch_up' }));
    }
    if (message.type === 'batch_progress') receiveBatch(message.data);
    messagesSeen += 1;
    if (message.type === 'article_status_update') {
      articleStatuses.set(message.article_id, message.status);
      liveUpdateAt.set(message.article_id, messagesSeen);
    }
    if (message.type === 'service_status') seen.databaseStates.push(message.database);
    if (message.type === 'resync') {
      seen.resyncs += 1;
      refetchArticles();
    }
  };

  /** Opens the socket, retrying every 200 ms while the server refuses (its database is down). */
  const open = async (): Promise<void> => {
    for (;;) {
      const opened = await new Promise<WebSocket | undefined>((resolve) => {
        const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { cookie, origin } });
        ws.once('open', () => {
          // Listening from 'open' itself, as a browser's onmessage does: the catch-up can come in the same
          // packet as the upgrade's answer, and ws hands it out before an awaiting caller would resume.
          const tracker = createSequenceTracker(); // a new socket starts from its own catch-up
          ws.on('message', (data) => {
            const parsed = liveMessageSchema.safeParse(JSON.parse(String(data)));
            if (parsed.success) handle(parsed.data, (text) => ws.send(text), tracker);
          });
          ws.on('close', () => {
            if (!closedOnPurpose) void reconnect();
          });
          resolve(ws);
        });
        ws.once('unexpected-response', (request) => {
          request.destroy();
          resolve(undefined);
        });
        ws.once('error', () => resolve(undefined));
      });
      if (opened) {
        socket = opened;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const reconnect = async () => {
    seen.reconnects += 1;
    await open();
    refetchArticles(); // the page's queries are refetched after a reconnect, as after a resync
  };

  return {
    progress,
    articleStatuses,
    seen,
    open,
    /** Drops the socket as a network blip would; it comes back by itself. */
    drop: () => socket?.terminate(),
    close: () => {
      closedOnPurpose = true;
      socket?.close();
    },
  };
}
