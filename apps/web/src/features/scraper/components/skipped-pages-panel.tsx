import type { ScraperProgress } from '@mining-hub/contract/scraper';
import { CHROMIUM_INSTALL_COMMAND, skippedPagesNotice } from '../skipped-pages.ts';

/**
 * Which pages the run skipped because they need a browser and none could be started, and how to install
 * one (issue 18); nothing when every page was read.
 */
export function SkippedPagesPanel({ progress }: { progress: ScraperProgress | undefined }) {
  const notice = skippedPagesNotice(progress);
  if (!notice) return null;
  return (
    <section
      aria-labelledby="scraper-skipped-heading"
      className="space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset"
    >
      <h3 id="scraper-skipped-heading" className="font-semibold">
        Skipped pages
      </h3>
      <p>
        {notice.summary}
        {notice.cause && ` The browser check said: ${notice.cause}.`}
      </p>
      <p>
        To include them, install Chromium on the server (
        <code className="rounded bg-white px-1 font-mono text-xs ring-1 ring-amber-200">
          {CHROMIUM_INSTALL_COMMAND}
        </code>
        ), or set <code className="rounded bg-white px-1 font-mono text-xs ring-1 ring-amber-200">CHROMIUM_PATH</code>{' '}
        to a Chromium it can run and restart the server; then start the scraper again.
      </p>
      <ul aria-label="Skipped pages" className="max-h-48 space-y-1 overflow-y-auto">
        {notice.pages.map((page) => (
          <li key={page.gid} className="break-all">
            <span className="font-mono text-xs">{page.gid}</span>{' '}
            <a href={page.url} target="_blank" rel="noreferrer" className="text-amber-900 underline">
              {page.url}
            </a>
          </li>
        ))}
      </ul>
      {notice.more > 0 && <p>…and {notice.more} more, listed in the processing report.</p>}
    </section>
  );
}
