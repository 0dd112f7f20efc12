import { describe, expect, it } from 'vitest';
import { skippedPagesNotice } from './skipped-pages.ts';
import { NOT_STARTED_PROGRESS } from './test/scraper-fixtures.ts';

const page = (gid: string, reason = 'needs a browser: No Chromium at /usr/bin/chromium') => ({
  gid,
  url: `http://directory.example/projects/${gid}`,
  reason,
});

describe('skippedPagesNotice', () => {
  it('says nothing when no page was skipped, or before any progress', () => {
    expect(skippedPagesNotice(undefined)).toBeUndefined();
    expect(skippedPagesNotice({ ...NOT_STARTED_PROGRESS, status: 'completed' })).toBeUndefined();
  });

  it('counts the skipped pages, names the listed ones and what the browser check found', () => {
    const notice = skippedPagesNotice({
      ...NOT_STARTED_PROGRESS,
      projects_skipped: 23,
      skipped_pages: [page('AU-1'), page('AU-2')],
    });
    expect(notice).toEqual({
      summary:
        '23 project pages were skipped: they show their details only with JavaScript, and no browser could be started to run it.',
      cause: 'No Chromium at /usr/bin/chromium',
      pages: [page('AU-1'), page('AU-2')],
      more: 21,
    });
  });

  it('speaks of one page in the singular, and gives no single cause when the pages differ', () => {
    const notice = skippedPagesNotice({
      ...NOT_STARTED_PROGRESS,
      projects_skipped: 1,
      skipped_pages: [page('AU-1')],
    });
    expect(notice?.summary).toBe(
      '1 project page was skipped: it shows its details only with JavaScript, and no browser could be started to run it.',
    );
    expect(notice?.more).toBe(0);
    const mixed = skippedPagesNotice({
      ...NOT_STARTED_PROGRESS,
      projects_skipped: 2,
      skipped_pages: [page('AU-1'), page('AU-2', 'needs a browser: Chromium at /opt/c could not be started (exit 3)')],
    });
    expect(mixed?.cause).toBeNull();
  });
});
