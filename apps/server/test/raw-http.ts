import net from 'node:net';
import { ERROR_STATUS, errorBodySchema } from '@mining-hub/contract/errors';
import type { ZodApp } from '../src/http/types.ts';

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request as the exact bytes given, over a plain socket: no client library to normalise the
 * target, encode the body or fix the headers, as an attacker would send it. `head` is the request line
 * and header lines without the final blank line; `Connection: close` is added.
 */
export function rawRequest(port: number, head: string, body: Buffer | string = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${head.split('\r\n')[0]}`)));
    socket.on('connect', () => {
      // No half-close: Node's server drops a request whose client ended its side before the answer.
      socket.write(`${head}\r\nConnection: close\r\n\r\n`);
      socket.write(body);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? new Error(`${error.message} for ${head.split('\r\n')[0]}`) : error);
      }
    });
  });
}

/** The head for `method target` to a test server on 127.0.0.1:port, with extra header lines. */
export function requestHead(port: number, method: string, target: string, headers: string[] = []): string {
  return [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...headers].join('\r\n');
}

function parseResponse(bytes: Buffer): RawResponse {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) throw new Error(`no HTTP answer (${bytes.length} bytes)`);
  const [statusLine = '', ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`bad status line ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(headEnd + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Makes a test app listen on a free loopback port, for raw requests; returns the port. */
export async function listenOnFreePort(app: ZodApp): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app does not listen on a port');
  return address.port;
}

/**
 * A refusal as the API gives it: 4xx with `{detail, code}`, the code from the contract's catalogue and
 * sent with its own status (a HEAD answer has no body to carry it).
 */
export function isRefusal(method: string, response: RawResponse): boolean {
  if (response.status < 400 || response.status >= 500) return false;
  if (method === 'HEAD') return true;
  try {
    const body = errorBodySchema.safeParse(JSON.parse(response.body));
    return body.success && ERROR_STATUS[body.data.code] === response.status;
  } catch {
    return false;
  }
}

/** Runs `work` over `items`, at most `size` at a time, keeping their order. */
export async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size) {
    results.push(...(await Promise.all(items.slice(at, at + size).map(work))));
  }
  return results;
}

/**
 * Writes `request` on every socket within this turn of the event loop (a server in this process reads them
 * all in its next turn) and answers each socket's response text, once its JSON body has arrived.
 */
export function sameTurnBurst(sockets: net.Socket[], request: string): Promise<string[]> {
  const answers = sockets.map(
    (socket) =>
      new Promise<string>((resolve) => {
        let text = '';
        // Off once answered: a later burst on the same socket listens afresh.
        const read = (chunk: string) => {
          text += chunk;
          if (!/\r\n\r\n[\s\S]*\}$/.test(text)) return;
          socket.off('data', read);
          resolve(text);
        };
        socket.setEncoding('utf8').on('data', read);
      }),
  );
  for (const socket of sockets) socket.write(request);
  return Promise.all(answers);
}
