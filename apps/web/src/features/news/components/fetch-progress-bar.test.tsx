import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchProgress } from '../fetch-session.ts';
import { FetchProgressBar } from './fetch-progress-bar.tsx';

const finished: FetchProgress = {
  message: 'Found 1,210 articles; skipped RSS feed https://down.example/rss (HTTP 500)',
  progress: 100,
  current_page: 3,
  total_pages: 3,
  articles_found: 1210,
  status: 'completed',
  sources: [
    {
      name: 'RSS feed https://wire.example/rss',
      read: 1212,
      skipped: 3,
      skip_reasons: { 'no title': 2, 'no link or guid': 1 },
      error: null,
    },
    { name: 'RSS feed https://quiet.example/rss', read: 8, skipped: 2, skip_reasons: { 'no title': 2 }, error: null },
    { name: 'MiningHub', read: 1, skipped: 0, skip_reasons: {}, error: null },
    { name: 'RSS feed https://down.example/rss', read: 0, skipped: 0, skip_reasons: {}, error: 'HTTP 500' },
  ],
};

describe('FetchProgressBar', () => {
  it('lists what each source of a finished fetch read and skipped, and why', () => {
    render(<FetchProgressBar progress={finished} fetching={false} />);
    const lines = within(screen.getByRole('list', { name: 'Sources' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'RSS feed https://wire.example/rss: read 1,212 items, skipped 3: no title (2), no link or guid (1)',
      'RSS feed https://quiet.example/rss: read 8 items, skipped 2: no title',
      'MiningHub: read 1 item',
      'RSS feed https://down.example/rss: failed: HTTP 500',
    ]);
    expect(screen.getByText(finished.message)).toBeTruthy();
  });

  it('says how many articles a market-cap or shares range left out for lack of company figures', () => {
    const sources = [
      { name: 'Demo Mining Wire', read: 12, skipped: 0, skip_reasons: {}, error: null, no_company_data: 3 },
    ];
    render(<FetchProgressBar progress={{ ...finished, sources }} fetching={false} />);
    expect(within(screen.getByRole('list', { name: 'Sources' })).getByRole('listitem').textContent).toBe(
      'Demo Mining Wire: read 12 items; 3 left out: company market cap or shares unknown',
    );
  });

  it('shows no source list while the fetch runs', () => {
    render(<FetchProgressBar progress={{ ...finished, status: 'running', sources: undefined }} fetching />);
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
