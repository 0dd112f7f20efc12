import type { ScraperProgress, ScraperSkippedPage } from '@mining-hub/contract/scraper';

/** What the Scraper screen says about pages a run skipped for want of a browser (issue 18). */
export interface SkippedPagesNotice {
  /** How many were skipped, and why in general. */
  summary: string;
  /** What the browser check found, when every listed page says the same (e.g. "No Chromium at /usr/bin/chromium"). */
  cause: string | null;
  /** The pages progress names (the first few). */
  pages: ScraperSkippedPage[];
  /** Skipped pages not named here; the processing report lists them all. */
  more: number;
}

/** How to give the scraper a browser: the README and the server's own messages say the same. */
export const CHROMIUM_INSTALL_COMMAND = 'apt-get install -y chromium';

const SKIP_PREFIX = 'needs a browser: ';

/** The notice for the run's skipped pages, or undefined when none was skipped. */
export function skippedPagesNotice(progress: ScraperProgress | undefined): SkippedPagesNotice | undefined {
  if (!progress || progress.projects_skipped === 0) return undefined;
  const count = progress.projects_skipped;
  const one = count === 1;
  const causes = new Set(progress.skipped_pages.map((page) => page.reason.replace(SKIP_PREFIX, '')));
  const [cause] = causes;
  return {
    summary:
      `${count} project ${one ? 'page was' : 'pages were'} skipped: ${one ? 'it shows' : 'they show'} ` +
      `${one ? 'its' : 'their'} details only with JavaScript, and no browser could be started to run it.`,
    cause: causes.size === 1 && cause ? cause : null,
    pages: progress.skipped_pages,
    more: Math.max(0, count - progress.skipped_pages.length),
  };
}
