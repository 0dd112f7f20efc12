import type { Watch } from '@mining-hub/contract/watches';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../lib/live-context.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { WatchesPage } from './watches-page.tsx';

const WATCH: Watch = {
  id: 7,
  owner_id: 1,
  name: 'Copper and gold',
  filters: {
    dateRange: 1,
    country: '',
    state: '',
    area: '',
    commodity: ['Cu', 'Au'],
    type: [],
    free_text_search: '',
    company: '',
    project: '',
    ticker: '',
    article: '',
    marketcap: { min: 0, max: 10000 },
    outstandingshares: { min: 0, max: 10000 },
  },
  interval_minutes: 15,
  push_min_intent: 'High',
  my_accounts: false,
  webhook_url: 'https://hooks.example.com/x',
  webhook_format: 'generic',
  email_to: ['rep@example.com'],
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  next_run_at: '2026-01-01T10:15:00.000Z',
  last_run: {
    id: 3,
    status: 'completed',
    trigger: 'schedule',
    queued_at: '2026-01-01T10:00:00.000Z',
    started_at: '2026-01-01T10:00:01.000Z',
    finished_at: '2026-01-01T10:00:20.000Z',
    new_articles: 12,
    analysed: 10,
    pushed: 2,
    alerted: 3,
    error: null,
  },
};

let requests: FakeRequest[];
afterEach(() => vi.unstubAllGlobals());

function serve(watches: Watch[] = [WATCH]) {
  requests = stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/v1/watches') return { status: 200, body: { success: true, data: watches } };
    if (method === 'GET' && path === '/api/v1/watches/7/runs')
      return { status: 200, body: { success: true, data: WATCH.last_run ? [WATCH.last_run] : [] } };
    if (method === 'POST' && path === '/api/v1/watches/7/run')
      return { status: 202, body: { success: true, data: { ...WATCH.last_run, id: 4, status: 'queued' } } };
    if (method === 'DELETE' && path === '/api/v1/watches/7') return { status: 204 };
    if (method === 'POST' && path === '/api/v1/watches')
      return { status: 201, body: { success: true, data: { ...WATCH, id: 8, ...(body as object) } } };
    return undefined;
  });
}

const renderPage = () =>
  renderWithQueryClient(
    <LiveProvider enabled={false}>
      <WatchesPage />
    </LiveProvider>,
  );

describe('WatchesPage', () => {
  it('lists watches with last run, next run and counts; Run now queues a run; history opens', async () => {
    serve();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Copper and gold' })).closest('li');
    if (!card) throw new Error('no card');
    const inCard = within(card);
    expect(inCard.getByText(/Cu, Au · any country · last 1 day · every 15 min · push High\+/)).toBeTruthy();
    expect(inCard.getByText('12 new · 2 pushed · 3 alerted')).toBeTruthy();
    expect(inCard.getByText('in-app, webhook, 1 e-mail')).toBeTruthy();
    const typist = userEvent.setup();
    await typist.click(inCard.getByRole('button', { name: 'Run now' }));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/watches/7/run')).toBe(true);
    await typist.click(inCard.getByRole('button', { name: 'Show run history' }));
    const history = await inCard.findByRole('table', { name: 'Run history' });
    expect(within(history).getAllByRole('row')).toHaveLength(2);
  });

  it('says which action failed on which watch with the server’s reason, and why the list did not load', async () => {
    serve();
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/watches/7/run')
        ? Promise.resolve(
            Response.json({ detail: 'A run of this watch is already queued', code: 'conflict' }, { status: 409 }),
          )
        : served(input, init),
    );
    renderPage();
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: 'Run now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not run “Copper and gold”: A run of this watch is already queued',
    );
  });

  it('shows the server’s reason when the watches cannot be loaded', async () => {
    stubApi(() => ({ status: 503, body: { detail: 'Database unavailable', code: 'service_unavailable' } }));
    renderPage();
    expect(await screen.findByText(/The watches could not be loaded\. Database unavailable/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('creates a watch from the form, refusing an empty name first', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText(/No watches yet/)).toBeTruthy();
    const typist = userEvent.setup();
    await typist.click(screen.getByRole('button', { name: 'New watch' }));
    const form = await screen.findByRole('form', { name: 'Watch' });
    await typist.click(within(form).getByRole('button', { name: 'Save as watch' }));
    // The message is at the name, which takes the focus and is described by it.
    const name = within(form).getByLabelText('Name');
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe('Give the watch a name.');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(alert.id);
    await typist.type(name, 'Lithium in Australia');
    expect(within(form).queryByRole('alert')).toBeNull();
    await typist.clear(within(form).getByLabelText('Run every (minutes)'));
    await typist.type(within(form).getByLabelText('Run every (minutes)'), '5');
    await typist.type(within(form).getByLabelText('E-mail recipients'), 'rep@example.com');
    await typist.click(within(form).getByRole('button', { name: 'Save as watch' }));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/watches')).toBe(true),
    );
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/v1/watches')?.body;
    expect(sent).toMatchObject({
      name: 'Lithium in Australia',
      interval_minutes: 5,
      push_min_intent: 'High',
      email_to: ['rep@example.com'],
      webhook_url: null,
      filters: { dateRange: 1 },
    });
  }, 15_000); // typing into the long form is slow under a loaded jsdom

  it("deletes a watch only once the app's own dialog is confirmed", async () => {
    serve();
    renderPage();
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: `Delete ${WATCH.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog.textContent).toContain(`Delete the watch "${WATCH.name}" and its run history?`);
    await typist.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await typist.click(screen.getByRole('button', { name: `Delete ${WATCH.name}` }));
    await typist.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === `/api/v1/watches/${WATCH.id}`)).toBe(true),
    );
  });
});
