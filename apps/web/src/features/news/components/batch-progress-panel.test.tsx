import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import type { BatchRun } from '../batch-status.ts';
import { BatchProgressPanel } from './batch-progress-panel.tsx';

function run(status: Partial<BatchStatus>, changes: Partial<BatchRun> = {}): BatchRun {
  return {
    batchId: 'b1',
    articleIds: new Set([1, 2]),
    skipped: 0,
    polling: true,
    pollStopped: null,
    startedAt: 0,
    status: {
      batch_session_id: 'b1',
      status: 'running',
      total_articles: 1200,
      completed: 600,
      failed: 12,
      progress_percentage: 51,
      results: { expanded: 600, analyzed: 580, pushed_to_hubspot: 1100 },
      failures: [],
      ...status,
    },
    ...changes,
  };
}

beforeEach(() => {
  stubApi(({ path }) =>
    path === '/api/v1/crm/destination'
      ? { status: 200, body: { success: true, data: { kind: 'outbox', label: 'CRM (local outbox)' } } }
      : undefined,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('BatchProgressPanel', () => {
  it('shows the batch’s counts, results (pushes under the CRM’s name) and percentage in en-US numbers', async () => {
    renderWithQueryClient(<BatchProgressPanel run={run({})} onDismiss={() => {}} />);
    expect(screen.getByText(/Batch Running: 600 of 1,200 processed/)).toBeTruthy();
    expect(screen.getByText(', 12 failed')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Batch progress' }).getAttribute('aria-valuenow')).toBe('51');
    expect(screen.getByText('1,100')).toBeTruthy();
    expect(await screen.findByText('CRM (local outbox):')).toBeTruthy();
    // A running batch cannot be dismissed.
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('lists why articles failed, as the CRM said', () => {
    const reason =
      'HubSpot refused the request (400) while creating the company: Property values were not valid: ticker_symbol';
    renderWithQueryClient(
      <BatchProgressPanel
        run={run({
          status: 'completed',
          total_articles: 3,
          completed: 2,
          failed: 1,
          failures: [{ article_id: 7, reason }],
        })}
        onDismiss={() => {}}
      />,
    );
    expect(screen.getByRole('list', { name: 'Failures' }).textContent).toBe(`Article 7: ${reason}`);
  });

  it('says how many selected articles were skipped, and can be dismissed once completed', () => {
    renderWithQueryClient(
      <BatchProgressPanel
        run={run(
          { status: 'completed', total_articles: 8, completed: 8, failed: 0, progress_percentage: 100 },
          { skipped: 2, polling: false },
        )}
        onDismiss={() => {}}
      />,
    );
    expect(screen.getByText(/Batch Completed: 8 of 8 processed/)).toBeTruthy();
    expect(screen.getByText('2 selected articles were skipped: already in another running batch.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('says when it stopped checking after 5 minutes', () => {
    renderWithQueryClient(
      <BatchProgressPanel run={run({}, { polling: false, pollStopped: 'time-limit' })} onDismiss={() => {}} />,
    );
    expect(screen.getByText(/^Stopped checking after 5 minutes/)).toBeTruthy();
  });
});
