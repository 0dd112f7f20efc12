import type { MessagePort } from 'node:worker_threads';
import { extractArticle, type ExtractedArticle } from './extract-article.ts';

/** One fetched page to read, as it crosses to the extraction thread (article-extractor.ts). */
export interface ExtractionTask {
  body: Uint8Array;
  contentType: string;
  url: string;
  contentTypeHeader: string;
}

/**
 * Piscina runs the default export of this file on its thread for each task. `started` is told first: the
 * page's time limit runs from then (article-extractor.ts).
 */
export default function extract(task: ExtractionTask & { started: MessagePort }): Promise<ExtractedArticle> {
  task.started.postMessage(null);
  task.started.close();
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  return extractArticle(body, task.contentType, task.url, task.contentTypeHeader);
}
