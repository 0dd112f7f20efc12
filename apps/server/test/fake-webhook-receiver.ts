import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received, as text. */
  rawBody: string;
  at: number;
  /** The status this request was answered with. */
  status: number;
}

type Answer = { status: number; headers?: Record<string, string> };

/**
 * A local webhook receiver: answers each path with the statuses queued for it (then 200), and records
 * every request with its raw body.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, Answer[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answer = scripts.get(path)?.shift() ?? { status: 200 };
      received.push({
        path,
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        status: answer.status,
      });
      response.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** Answers the next requests to `path` with these statuses, in order, then 200. */
    script: (path: string, answers: Answer[]) => void scripts.set(path, [...answers]),
    to: (path: string) => received.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
