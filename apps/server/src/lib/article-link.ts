import { isHttpUrl } from '@mining-hub/contract/common';

/**
 * An article's link for use outside the app (the CRM, a CSV, a message): the first usable candidate (its
 * own URL, then the link its source gave), made absolute on the app's origin when it is a path (demo
 * articles live on this server), else the app's own page for the article (SPEC.md section 2).
 */
export function absoluteArticleUrl(
  candidates: readonly (string | null | undefined)[],
  articleId: number,
  appOrigin: string,
): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    if (candidate.startsWith('/') && !candidate.startsWith('//')) return new URL(candidate, appOrigin).href;
    if (isHttpUrl(candidate)) return candidate;
  }
  return new URL(`/news-signals?article=${articleId}`, appOrigin).href;
}

/** The app's own address of a signal: its detail opened over the inbox (issue 35). */
export const signalLink = (articleId: number, appOrigin: string): string =>
  new URL(`/signals/${articleId}`, appOrigin).href;

/** The app's own address of a company (an account, issue 34). */
export const companyLink = (companyId: number, appOrigin: string): string =>
  new URL(`/companies/${companyId}`, appOrigin).href;
