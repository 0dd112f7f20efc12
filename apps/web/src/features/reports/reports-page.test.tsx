import type { ReportSummary } from '@mining-hub/contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { ReportsPage } from './reports-page.tsx';

function summary(days: number): ReportSummary {
  return {
    funnel: { fetched: 500 * days, expanded: 60, analysed: 40, pushed: 3, dismissed: 1, failed: 2 },
    intent: { Low: 12, Medium: 14, High: 9, 'Very High': 5 },
    by_commodity: [{ commodity: 'Gold', count: 20, high_intent: 8 }],
    by_country: [{ country: 'Canada', count: 15, high_intent: 6 }],
    over_time: Array.from({ length: days }, (_, index) => ({
      date: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
      analysed: index === days - 1 ? 40 : 0,
      pushed: index === days - 1 ? 3 : 0,
    })),
  };
}

let requests: FakeRequest[];

function serve(): void {
  requests = stubApi(({ path, query }) =>
    path === '/api/v1/reports/summary'
      ? { status: 200, body: { success: true, data: summary(Number(query.get('days'))) } }
      : undefined,
  );
}

afterEach(() => vi.unstubAllGlobals());

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ReportsPage', () => {
  it('shows the last 30 days: the funnel figures, the high-intent share and the charts', async () => {
    serve();
    renderWithQueryClient(<ReportsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(await screen.findByText('15,000')).toBeTruthy();
    expect(figure('Fetched')).toBe('15,000');
    expect(figure('Analyzed')).toBe('40');
    // 9 High + 5 Very High of 40 analysed.
    expect(figure('High intent')).toBe('35%');
    expect(figure('Pushed')).toBe('3');
    expect(figure('Dismissed')).toBe('1');
    expect(figure('Failed')).toBe('2');
    expect(requests.map((request) => request.query.get('days'))).toEqual(['30']);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    // The charts arrive in their own chunk.
    for (const title of ['Pipeline funnel', 'Buying intent', 'Top commodities', 'Top countries', 'Signals over time']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
  });

  it('switches period with the picker, and the CSV export follows it', async () => {
    serve();
    renderWithQueryClient(<ReportsPage />);
    const user = userEvent.setup();
    await screen.findByText('15,000');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/reports/summary/export?days=30',
    );
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('3,500')).toBeTruthy();
    expect(requests.at(-1)?.query.get('days')).toBe('7');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/reports/summary/export?days=7',
    );
    await user.click(screen.getByRole('button', { name: '12 months' }));
    expect(await screen.findByText('182,500')).toBeTruthy();
  });

  it('shows why a CSV export was refused, instead of saving the error as the file', async () => {
    requests = stubApi(({ path, query }) => {
      if (path === '/api/v1/reports/summary/export') {
        return { status: 400, body: { detail: 'days must be at most 365', code: 'validation_failed' } };
      }
      return path === '/api/v1/reports/summary'
        ? { status: 200, body: { success: true, data: summary(Number(query.get('days'))) } }
        : undefined;
    });
    renderWithQueryClient(<ReportsPage />);
    const user = userEvent.setup();
    await screen.findByText('15,000');
    await user.click(screen.getByRole('link', { name: 'Export CSV' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to export CSV')).toBeTruthy();
    expect(within(failure).getByText('days must be at most 365')).toBeTruthy();
    expect(requests.at(-1)?.query.get('days')).toBe('30');
  });

  it('says so when nothing was fetched in the period', async () => {
    stubApi(({ path }) =>
      path === '/api/v1/reports/summary'
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                ...summary(7),
                funnel: { fetched: 0, expanded: 0, analysed: 0, pushed: 0, dismissed: 0, failed: 0 },
                intent: { Low: 0, Medium: 0, High: 0, 'Very High': 0 },
                by_commodity: [],
                by_country: [],
                over_time: summary(7).over_time.map((day) => ({ ...day, analysed: 0, pushed: 0 })),
              },
            },
          }
        : undefined,
    );
    renderWithQueryClient(<ReportsPage />);
    expect(await screen.findByText(/^No articles fetched in this period\. Fetch news on News Signals/)).toBeTruthy();
    expect(figure('High intent')).toBe('–');
    expect(screen.getByText('Nothing analyzed or pushed in this period.')).toBeTruthy();
  });

  it('shows the server’s reason when the report cannot be loaded', async () => {
    stubApi(({ path }) =>
      path === '/api/v1/reports/summary'
        ? { status: 503, body: { detail: 'Database unavailable', code: 'service_unavailable' } }
        : undefined,
    );
    renderWithQueryClient(<ReportsPage />);
    expect(await screen.findByText(/The report could not be loaded. Database unavailable/)).toBeTruthy();
  });
});
