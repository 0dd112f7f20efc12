import { isApiError } from '../../lib/api-client.ts';

export type ScraperAction = 'start' | 'pause' | 'resume' | 'stop';

/** What the scraper screen says (SPEC.md sections 5 and 8). */
export const SCRAPER_MESSAGES = {
  downloadFailed: 'Failed to download file',
  deleted: 'File deleted successfully',
  deleteConfirm: (file: string) => `Are you sure you want to delete ${file}?`,
} as const;

/** A control call answered 200 with `success: false` and its `error`. */
export class ScraperActionError extends Error {
  readonly detail: string | null;

  constructor(detail: string | null) {
    super(detail ?? 'The scraper refused the request');
    this.name = 'ScraperActionError';
    this.detail = detail;
  }
}

/** The server's own explanation of a failure, if it gave one (a 4xx/5xx `detail` or a control call's `error`). */
export function serverDetail(error: unknown): string | undefined {
  if (error instanceof ScraperActionError) return error.detail?.trim() || undefined;
  if (isApiError(error)) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') {
      return body.detail.trim() || undefined;
    }
  }
  return undefined;
}

/** 'Failed to start scraper: {detail}', or without the detail when the server gave none (likewise pause, resume, stop). */
export function actionFailedMessage(action: ScraperAction, error: unknown): string {
  const detail = serverDetail(error);
  const message = `Failed to ${action} scraper`;
  return detail ? `${message}: ${detail}` : message;
}

/** 'Failed to delete file: {detail or Unknown error}'. */
export function deleteFailedMessage(error: unknown): string {
  return `Failed to delete file: ${serverDetail(error) ?? 'Unknown error'}`;
}
