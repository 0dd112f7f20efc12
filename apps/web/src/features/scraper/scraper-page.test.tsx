import type { ScraperOutputs, ScraperProgress, ScraperStatus } from '@mining-hub/contract/scraper';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { ScraperPage } from './scraper-page.tsx';
import {
  NOT_STARTED_PROGRESS as NOT_STARTED,
  RUNNING_STATUS as RUNNING,
  STOPPED_STATUS as STOPPED,
} from './test/scraper-fixtures.ts';

const ASSEMBLING: ScraperProgress = {
  ...NOT_STARTED,
  status: 'running',
  overall_progress: 42,
  current_phase: 'assembly',
  phase_progress: 38,
  countries_total: 1,
  countries_completed: 1,
  total_gids: 120,
  projects_total: 120,
  projects_completed: 46,
  projects_failed: 2,
  total_batches: 3,
  current_batch: 1,
  current_activity: 'Fetching project details (batch 1 of 3)',
};
const COMPLETED: ScraperProgress = {
  ...ASSEMBLING,
  status: 'completed',
  overall_progress: 100,
  current_phase: 'completed',
  phase_progress: 100,
  projects_completed: 118,
  current_batch: 3,
  current_activity: 'Run completed',
};
const FILES: ScraperOutputs = {
  json: [{ name: 'mining_projects_20261122_0900.json', size: 1536, modified: 1_795_338_000 }],
  excel: [{ name: 'mining_projects_20261122_0900.xlsx', size: 3 * 1024 * 1024, modified: 1_795_338_000 }],
  reports: [],
};

let status: ScraperStatus;
let progress: ScraperProgress;
let outputs: ScraperOutputs;
let requests: FakeRequest[];
let overrides: (request: FakeRequest) => { status: number; body?: unknown } | undefined;

const control = (data: ScraperStatus) => ({ status: 200, body: { success: true, data, error: null } });

beforeEach(() => {
  status = STOPPED;
  progress = NOT_STARTED;
  outputs = FILES;
  overrides = () => undefined;
  requests = stubApi((request) => {
    const override = overrides(request);
    if (override) return override;
    const { method, path } = request;
    const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
    if (method === 'GET' && path === '/api/v1/scraper/status') return ok(status);
    if (method === 'GET' && path === '/api/v1/scraper/progress') return ok(progress);
    if (method === 'GET' && path === '/api/v1/scraper/outputs') return ok(outputs);
    if (method === 'POST' && path === '/api/v1/scraper/start') {
      status = { ...RUNNING, mode: (request.body as { mode: ScraperStatus['mode'] }).mode };
      progress = { ...NOT_STARTED, status: 'running', current_phase: 'discovery' };
      return control(status);
    }
    if (method === 'POST' && path === '/api/v1/scraper/pause') return control((status = { ...status, paused: true }));
    if (method === 'POST' && path === '/api/v1/scraper/resume') return control((status = { ...status, paused: false }));
    if (method === 'POST' && path === '/api/v1/scraper/stop') {
      status = STOPPED;
      progress = { ...progress, status: 'cancelled' };
      return control(status);
    }
    const file = /^\/api\/v1\/scraper\/outputs\/(json|excel|reports)\/(.+)$/.exec(path);
    if (method === 'DELETE' && file?.[1] && file[2]) {
      const type = file[1] as keyof ScraperOutputs;
      const name = decodeURIComponent(file[2]);
      outputs = { ...outputs, [type]: outputs[type].filter((entry) => entry.name !== name) };
      return { status: 200, body: { success: true, detail: 'File deleted' } };
    }
    if (method === 'GET' && path.startsWith('/api/v1/scraper/download/')) return { status: 200, body: { rows: 3 } };
    return undefined;
  });
});

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const heading = () => screen.getByRole('heading', { level: 1 });
const button = (name: string) => screen.queryByRole('button', { name });
const posts = (action: string) => requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/scraper/${action}`);
const phase = (name: string) => within(screen.getByRole('list', { name: 'Phases' })).getByRole('listitem', { name });
const column = (name: string) => screen.getByRole('region', { name });

async function renderPage() {
  renderWithQueryClient(<ScraperPage />);
  // The outputs arrive with the status and progress; waiting for a file name waits for all three.
  await screen.findByText('mining_projects_20261122_0900.json');
}

describe('ScraperPage when nothing runs', () => {
  it('names the scraper with the heading rule, offers Start and hides the settings until asked', async () => {
    await renderPage();
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (No Active Process)'));
    expect(button('Start Scraper')).toBeTruthy();
    expect(button('Refresh Outputs')).toBeTruthy();
    expect(button('Pause')).toBeNull();
    expect(button('Resume')).toBeNull();
    expect(button('Emergency Stop')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Scraper settings' })).toBeNull();
    expect(screen.getByText('Test Mode · 2 workers · 1 browser page · batches of 50')).toBeTruthy();
    expect(within(phase('Discovery')).getByText('Waiting')).toBeTruthy();
    expect(within(phase('Export')).getByText('Waiting')).toBeTruthy();
  });

  it('shows the settings with the SPEC.md defaults and options, and hides them again', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Show Settings' }));
    const settings = screen.getByRole('region', { name: 'Scraper settings' });
    expect((within(settings).getByRole('radio', { name: 'Test Mode' }) as HTMLInputElement).checked).toBe(true);
    expect(within(settings).getByText('Australia only, about 30 seconds')).toBeTruthy();
    expect(within(settings).getByText('All countries, 2-6 hours')).toBeTruthy();
    const workers = within(settings).getByLabelText('Max Workers') as HTMLSelectElement;
    expect(workers.value).toBe('2');
    expect([...workers.options].map((option) => option.value)).toEqual([
      '1',
      '2',
      '4',
      '6',
      '8',
      '10',
      '12',
      '15',
      '20',
    ]);
    expect((within(settings).getByLabelText('Browser Concurrency') as HTMLSelectElement).value).toBe('1');
    expect(within(settings).getAllByText(/\(1-20\)/)).toHaveLength(2);
    expect((within(settings).getByLabelText('Batch Size') as HTMLInputElement).value).toBe('50');
    expect(within(settings).getByText('Projects per batch (10-200)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Hide Settings' }));
    expect(screen.queryByRole('region', { name: 'Scraper settings' })).toBeNull();
  });

  it('refuses a batch size outside 10-200 and starts with the chosen settings', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Show Settings' }));
    await user.click(screen.getByRole('radio', { name: 'Production Mode' }));
    await user.selectOptions(screen.getByLabelText('Max Workers'), '8');
    await user.selectOptions(screen.getByLabelText('Browser Concurrency'), '4');
    const batch = screen.getByLabelText('Batch Size');
    await user.clear(batch);
    await user.type(batch, '5');
    expect(screen.getByRole('alert').textContent).toBe('Batch size must be a whole number from 10 to 200');
    expect((button('Start Scraper') as HTMLButtonElement).disabled).toBe(true);
    await user.type(batch, '0');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start Scraper' }));
    await waitFor(() => expect(posts('start')).toHaveLength(1));
    // No max_projects or countries: the screen has no inputs for them (SPEC.md section 5).
    expect(posts('start')[0]?.body).toEqual({ mode: 'production', max_workers: 8, max_concurrency: 4, batch_size: 50 });
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Scraper settings' })).toBeNull();
    expect(button('Show Settings')).toBeNull();
  });

  it('follows the last run in the heading', async () => {
    progress = COMPLETED;
    await renderPage();
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Last Run Completed)'));
    for (const name of ['Discovery', 'Assembly', 'Export'])
      expect(within(phase(name)).getByText('Completed')).toBeTruthy();
  });

  it('names the pages the last run skipped for want of a browser, and how to install Chromium', async () => {
    const reason = 'needs a browser: No Chromium at /usr/bin/chromium';
    const url = 'http://directory.example/projects/AU-7';
    progress = { ...COMPLETED, projects_skipped: 3, skipped_pages: [{ gid: 'AU-7', url, reason }] };
    await renderPage();
    const skipped = await screen.findByRole('region', { name: 'Skipped pages' });
    expect(phase('Assembly').textContent).toContain('(3 skipped)');
    expect(skipped.textContent).toContain('3 project pages were skipped');
    expect(skipped.textContent).toContain('The browser check said: No Chromium at /usr/bin/chromium.');
    expect(skipped.textContent).toContain('apt-get install -y chromium');
    expect(skipped.textContent).toContain('CHROMIUM_PATH');
    expect(within(skipped).getByRole('link', { name: url }).getAttribute('href')).toBe(url);
    expect(skipped.textContent).toContain('…and 2 more, listed in the processing report.');
  });

  it('says when the last run was cancelled', async () => {
    progress = { ...ASSEMBLING, status: 'cancelled' };
    await renderPage();
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Last Run Cancelled)'));
    expect(within(phase('Assembly')).getByText('Cancelled')).toBeTruthy();
  });

  it('tells why starting failed, with or without a detail', async () => {
    const user = userEvent.setup();
    overrides = (request) =>
      request.path === '/api/v1/scraper/start'
        ? { status: 409, body: { detail: 'A scraper run is already active', code: 'conflict' } }
        : undefined;
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Start Scraper' }));
    expect(await screen.findByText('Failed to start scraper: A scraper run is already active')).toBeTruthy();

    overrides = (request) => (request.path === '/api/v1/scraper/start' ? { status: 502 } : undefined);
    await user.click(screen.getByRole('button', { name: 'Start Scraper' }));
    expect(await screen.findByText('Failed to start scraper')).toBeTruthy();
  });
});

describe('ScraperPage while a run is active', () => {
  beforeEach(() => {
    status = RUNNING;
    progress = ASSEMBLING;
  });

  it('shows the run: status, pid, mode, bars, phase cards with their counts, no settings', async () => {
    await renderPage();
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Running)'));
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByText('4242')).toBeTruthy();
    expect(screen.getByText('Test Mode')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Overall Progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('progressbar', { name: 'Current Phase' }).getAttribute('aria-valuetext')).toBe(
      '38% (Assembly)',
    );
    expect(within(phase('Discovery')).getByText('Completed')).toBeTruthy();
    expect(within(phase('Assembly')).getByText('In progress')).toBeTruthy();
    expect(within(phase('Assembly')).getByText('46 of 120')).toBeTruthy();
    expect(within(phase('Assembly')).getByText('(2 failed)')).toBeTruthy();
    expect(within(phase('Assembly')).getByText('1 of 3')).toBeTruthy();
    expect(within(phase('Export')).getByText('Waiting')).toBeTruthy();
    expect(screen.getByText('Fetching project details (batch 1 of 3)')).toBeTruthy();
    expect(screen.getByText('Calculating...')).toBeTruthy();

    expect(button('Start Scraper')).toBeNull();
    expect(button('Show Settings')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Scraper settings' })).toBeNull();
    expect(button('Pause')).toBeTruthy();
    expect(button('Emergency Stop')).toBeTruthy();
  });

  it('pauses, resumes and stops, with Resume only while paused', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(button('Pause')).toBeNull();
    expect(button('Emergency Stop')).toBeTruthy();
    expect(heading().textContent).toBe('Mining Project Scraper (Paused)');
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(button('Show Settings')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Emergency Stop' }));
    expect(await screen.findByRole('button', { name: 'Start Scraper' })).toBeTruthy();
    expect(button('Emergency Stop')).toBeNull();
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Last Run Cancelled)'));
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.queryByText('4242')).toBeNull();
  });

  it('names the failed action and the server detail (SPEC.md section 8)', async () => {
    const user = userEvent.setup();
    overrides = (request) => {
      if (request.path === '/api/v1/scraper/pause')
        return { status: 409, body: { detail: 'No scraper is running', code: 'conflict' } };
      if (request.path === '/api/v1/scraper/stop') return { status: 500, body: null };
      return undefined;
    };
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Failed to pause scraper: No scraper is running')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Emergency Stop' }));
    expect(await screen.findByText('Failed to stop scraper')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('says when resuming failed with the error of a success-false answer', async () => {
    const user = userEvent.setup();
    status = { ...RUNNING, paused: true };
    overrides = (request) =>
      request.path === '/api/v1/scraper/resume'
        ? { status: 200, body: { success: false, data: null, error: 'The scraper process is gone' } }
        : undefined;
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Failed to resume scraper: The scraper process is gone')).toBeTruthy();
  });

  it('polls every 2 s and, once the run has finished, shows the new files without a refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    outputs = { json: [], excel: [], reports: [] };
    renderWithQueryClient(<ScraperPage />);
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Running)'));
    expect(column('Excel Reports').textContent).toContain('No files yet');

    status = STOPPED;
    progress = COMPLETED;
    outputs = FILES;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(heading().textContent).toBe('Mining Project Scraper (Last Run Completed)'));
    expect(await within(column('Excel Reports')).findByText('mining_projects_20261122_0900.xlsx')).toBeTruthy();

    // Not running any more: no more polling.
    const reads = requests.filter((r) => r.path === '/api/v1/scraper/status').length;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(requests.filter((r) => r.path === '/api/v1/scraper/status')).toHaveLength(reads);
  });
});

describe('ScraperPage output files', () => {
  it('lists the three columns with size and Download and delete controls', async () => {
    await renderPage();
    expect(column('JSON Files (CRM Ready)')).toBeTruthy();
    expect(column('Processing Reports').textContent).toContain('No files yet');
    const json = within(column('JSON Files (CRM Ready)')).getByRole('listitem', {
      name: 'mining_projects_20261122_0900.json',
    });
    expect(json.textContent).toContain('1.5 KB');
    expect(within(column('Excel Reports')).getByRole('listitem').textContent).toContain('3.0 MB');
    expect(within(json).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(json).getByRole('button', { name: 'Delete mining_projects_20261122_0900.json' })).toBeTruthy();
  });

  it("asks in the app's own dialog before deleting, keeps the file when cancelled and removes it when confirmed", async () => {
    const user = userEvent.setup();
    const browserConfirm = vi.spyOn(window, 'confirm');
    await renderPage();
    const remove = screen.getByRole('button', { name: 'Delete mining_projects_20261122_0900.json' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog.textContent).toContain('Are you sure you want to delete mining_projects_20261122_0900.json?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('mining_projects_20261122_0900.json')).toBeNull());
    expect(column('JSON Files (CRM Ready)').textContent).toContain('No files yet');
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('tells why a delete failed, or that the reason is unknown', async () => {
    const user = userEvent.setup();
    overrides = (request) =>
      request.method === 'DELETE'
        ? { status: 400, body: { detail: 'Unknown file', code: 'validation_failed' } }
        : undefined;
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete mining_projects_20261122_0900.json' }));
    await confirmInDialog(user);
    expect(await screen.findByText('Failed to delete file: Unknown file')).toBeTruthy();

    overrides = (request) => (request.method === 'DELETE' ? { status: 500 } : undefined);
    await user.click(screen.getByRole('button', { name: 'Delete mining_projects_20261122_0900.xlsx' }));
    await confirmInDialog(user);
    expect(await screen.findByText('Failed to delete file: Unknown error')).toBeTruthy();
    expect(screen.getByText('mining_projects_20261122_0900.json')).toBeTruthy();
  });

  it('saves a download under its own name, and says when it failed', async () => {
    const user = userEvent.setup();
    const saved: { name: string; text: Promise<string> }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:scraper-test';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastBlob) saved.push({ name: this.download, text: lastBlob.text() });
    });
    await renderPage();
    const excel = within(column('Excel Reports')).getByRole('listitem');
    await user.click(within(excel).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('mining_projects_20261122_0900.xlsx');
    expect(await saved[0]?.text).toBe('{"rows":3}');
    expect(requests.at(-1)?.path).toBe('/api/v1/scraper/download/excel/mining_projects_20261122_0900.xlsx');

    overrides = (request) =>
      request.path.includes('/download/') ? { status: 404, body: { detail: 'Gone', code: 'not_found' } } : undefined;
    await user.click(within(excel).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Failed to download file')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('Refresh Outputs is busy until the list is back, and a failed refresh shows the server detail', async () => {
    const user = userEvent.setup();
    await renderPage();
    const answered = Promise.withResolvers<undefined>();
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/scraper/outputs')) await answered.promise;
      return apiFetch(input, init);
    });
    await user.click(screen.getByRole('button', { name: 'Refresh Outputs' }));
    const busy = screen.getByRole('button', { name: 'Refreshing...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Output Files' }).getAttribute('aria-busy')).toBe('true');
    answered.resolve(undefined);
    await screen.findByRole('button', { name: 'Refresh Outputs' });

    overrides = (request) =>
      request.path === '/api/v1/scraper/outputs'
        ? { status: 503, body: { detail: 'Database unreachable', code: 'service_unavailable' } }
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Refresh Outputs' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The output files could not be refreshed: Database unreachable. Use Refresh Outputs to try again.',
    );
    expect(screen.getByText('mining_projects_20261122_0900.json')).toBeTruthy();
  });

  it('lets notices go after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete mining_projects_20261122_0900.json' }));
    await confirmInDialog(user);
    expect(await screen.findByText('File deleted successfully')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('File deleted successfully')).toBeNull();
  });
});

/** Answers the app's confirmation dialog with its Delete button. */
async function confirmInDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Delete' }),
  );
}
