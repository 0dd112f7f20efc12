import type { CrmDestination, CrmRecord } from '@mining-hub/contract/crm';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { CrmPage } from './crm-page.tsx';

const HUBSPOT = 'https://app.hubspot.com/contacts/24681357/record';

function record(id: number, overrides: Partial<CrmRecord> = {}): CrmRecord {
  return {
    article_id: id,
    title: `Release ${id}`,
    company_name: `Company ${id}`,
    domain: `company${id}.com`,
    ticker: null,
    account: null,
    contacts: [],
    buying_intent_score: 'Medium',
    signal_summary: `Summary ${id}`,
    source_url: `http://localhost:8000/demo-news/articles/${id}`,
    pushed_at: new Date(Date.UTC(2026, 2, 1, 12) - id * 60_000).toISOString(),
    pushed_by: { id: 2, name: 'Max Member' },
    hubspot: null,
    ...overrides,
  };
}

/** 25 pushed records, newest first; the first went to HubSpot with two contacts. */
const records: CrmRecord[] = Array.from({ length: 25 }, (_, index) =>
  index === 0
    ? record(1, {
        company_name: 'Kestrel Gold Ltd',
        ticker: 'TSXV: KGL',
        buying_intent_score: 'Very High',
        signal_summary: 'Kestrel plans 12,000 m of drilling from May.',
        contacts: [
          {
            name: 'Jane Doe',
            job_title: 'CEO',
            email: 'jane.doe@kestrelgold.com',
            phone: null,
            hubspot_id: '301',
            hubspot_url: `${HUBSPOT}/0-1/301`,
          },
          { name: 'Mark Liu', job_title: null, email: null, phone: null, hubspot_id: null, hubspot_url: null },
        ],
        hubspot: { company_id: '101', company_url: `${HUBSPOT}/0-2/101`, note_id: '501' },
      })
    : record(index + 1),
);

function serve(destination: CrmDestination, list: CrmRecord[] = records): FakeRequest[] {
  return stubApi(({ path, query }) => {
    if (path === '/api/v1/crm/destination') return { status: 200, body: { success: true, data: destination } };
    if (path !== '/api/v1/crm-outbox') return undefined;
    const page = Number(query.get('page'));
    const size = Number(query.get('page_size'));
    const totalPages = Math.ceil(list.length / size);
    return {
      status: 200,
      body: {
        success: true,
        data: list.slice((page - 1) * size, page * size),
        pagination: {
          current_page: page,
          page_size: size,
          total_count: list.length,
          total_pages: totalPages,
          has_next: page < totalPages,
          has_prev: page > 1,
        },
      },
    };
  });
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('CrmPage', () => {
  it('lists what was pushed with company, contacts, intent, summary, source and pusher', async () => {
    serve({ kind: 'hubspot', label: 'HubSpot' });
    renderWithQueryClient(<CrmPage />);
    expect(await screen.findByText('Showing 1–20 of 25 records')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'CRM' })).toBeTruthy();
    expect(bodyRows()).toHaveLength(20);

    const first = bodyRows()[0];
    if (!first) throw new Error('no rows');
    const row = within(first);
    expect(row.getByText('Kestrel Gold Ltd')).toBeTruthy();
    expect(row.getByText('TSXV: KGL')).toBeTruthy();
    expect(row.getByText('company1.com')).toBeTruthy();
    expect(row.getByText('Release 1')).toBeTruthy();
    expect(row.getByText('Jane Doe')).toBeTruthy();
    expect(row.getByText('Mark Liu')).toBeTruthy();
    expect(row.getByText('Buying intent: Very High')).toBeTruthy();
    expect(row.getByText('Kestrel plans 12,000 m of drilling from May.')).toBeTruthy();
    expect(row.getByText('by Max Member')).toBeTruthy();

    const source = row.getByRole('link', { name: 'Source: Release 1' });
    expect(source.getAttribute('href')).toBe('http://localhost:8000/demo-news/articles/1');
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    expect(row.getByRole('link', { name: 'Kestrel Gold Ltd in HubSpot' }).getAttribute('href')).toBe(
      `${HUBSPOT}/0-2/101`,
    );
    expect(row.getByRole('link', { name: 'Jane Doe in HubSpot' }).getAttribute('href')).toBe(`${HUBSPOT}/0-1/301`);
    expect(row.getByRole('link', { name: 'jane.doe@kestrelgold.com' }).getAttribute('href')).toBe(
      'mailto:jane.doe@kestrelgold.com',
    );
    expect(screen.getByText(/Signals pushed to HubSpot/)).toBeTruthy();
  });

  it('shows the company account an outbox push recorded (issue 34)', async () => {
    serve({ kind: 'outbox', label: 'CRM (local outbox)' }, [
      record(1, {
        pushed_account: {
          heat: 7.4,
          stage: 'pfs',
          latest_facts: '2026-11-20 financing closed C$5M',
          url: 'http://localhost:8000/companies/12',
          projects: [
            { id: 31, name: 'Lanternfish', stage: 'pfs', country: 'CA', commodities: ['Cu'] },
            { id: 32, name: 'Bluegill', stage: 'exploration', country: 'CL', commodities: ['Cu'] },
          ],
        },
      }),
      record(2),
    ]);
    renderWithQueryClient(<CrmPage />);
    await screen.findByText('Showing 1–2 of 2 records');
    const [first, second] = bodyRows();
    if (!first || !second) throw new Error('two rows expected');
    expect(within(first).getByText('Heat 7.4 · pfs · 2 projects')).toBeTruthy();
    expect(within(first).getByText('Lanternfish, Bluegill')).toBeTruthy();
    expect(within(second).queryByText(/^Heat /)).toBeNull();
  });

  it('pages with Next and Previous', async () => {
    const requests = serve({ kind: 'outbox', label: 'CRM (local outbox)' });
    renderWithQueryClient(<CrmPage />);
    const user = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–25 of 25 records')).toBeTruthy();
    expect(bodyRows()).toHaveLength(5);
    expect(requests.at(-1)?.query.toString()).toBe('page=2&page_size=20');
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–20 of 25 records')).toBeTruthy();
  });

  it('names the local outbox, offers no HubSpot links, and exports CSV through a download link', async () => {
    serve({ kind: 'outbox', label: 'CRM (local outbox)' }, [record(7)]);
    renderWithQueryClient(<CrmPage />);
    expect(await screen.findByText('Showing 1–1 of 1 records')).toBeTruthy();
    expect(screen.getByText(/local CRM outbox/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /in HubSpot/ })).toBeNull();
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/v1/crm-outbox/export');
    expect(exportLink.getAttribute('download')).toBe('crm-outbox.csv');
  });

  it('is busy while the CSV is written, saves it under the server’s name, and shows why an export failed', async () => {
    serve({ kind: 'outbox', label: 'CRM (local outbox)' }, [record(7)]);
    const listing = globalThis.fetch;
    let exportAnswer: Response | undefined = undefined;
    let answerExport: (response: Response) => void = () => {};
    // The export answers only when the test says, as a large outbox keeps the server writing.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/crm-outbox/export')) return listing(input, init);
      return exportAnswer ?? new Promise<Response>((resolve) => (answerExport = resolve));
    });
    const saved: { name: string; text: Promise<string> }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:crm-test';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob && this.href === 'blob:crm-test') saved.push({ name: this.download, text: lastBlob.text() });
    });
    renderWithQueryClient(<CrmPage />);
    const user = userEvent.setup();
    await screen.findByText('Showing 1–1 of 1 records');

    await user.click(screen.getByRole('link', { name: 'Export CSV' }));
    const busy = await screen.findByRole('link', { name: 'Exporting...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    answerExport(new Response('title,company\nRelease 7,Company 7\n', { headers: { 'Content-Type': 'text/csv' } }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('crm-outbox.csv');
    expect(await saved[0]?.text).toBe('title,company\nRelease 7,Company 7\n');
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toBeTruthy();

    exportAnswer = Response.json({ detail: 'Database unavailable', code: 'service_unavailable' }, { status: 503 });
    await user.click(screen.getByRole('link', { name: 'Export CSV' }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByText('Failed to export CSV')).toBeTruthy();
    expect(within(failure).getByText('Database unavailable')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('says when nothing was pushed yet', async () => {
    serve({ kind: 'outbox', label: 'CRM (local outbox)' }, []);
    renderWithQueryClient(<CrmPage />);
    expect(await screen.findByText(/Nothing pushed yet/)).toBeTruthy();
  });

  it('shows the server’s reason when the list cannot be loaded', async () => {
    stubApi(({ path }) =>
      path === '/api/v1/crm-outbox'
        ? { status: 503, body: { detail: 'Database unavailable', code: 'service_unavailable' } }
        : undefined,
    );
    renderWithQueryClient(<CrmPage />);
    expect(await screen.findByText(/The pushed records could not be loaded. Database unavailable/)).toBeTruthy();
  });
});
