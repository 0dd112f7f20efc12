import type { LogReadRequest, LogResult } from '@mining-hub/contract/logs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { LogsPage } from './logs-page.tsx';

const FILES = [
  { name: 'app.log', display_name: 'Application Log', size: 1536 },
  { name: 'app.1.log', display_name: 'Application Log (rotated 1)', size: 10 * 1024 * 1024 },
];
// In file order; a read answers them newest first unless asked for oldest first, as the server does.
const LINES = [
  '2026-11-22 09:00:00,000 - crm - ERROR - push failed\n    at push (/srv/app/crm.ts:10:3)',
  '2026-11-22 09:00:01,000 - crm - WARNING - slow answer',
  '2026-11-22 09:00:02,000 - app - INFO - ready',
  '2026-11-22 09:00:03,000 - jobs - DEBUG - cache warmed',
];

let reads: LogReadRequest[];
let files: typeof FILES;

function resultFor(request: LogReadRequest): LogResult {
  const pageSize = request.page_size ?? 1000;
  const page = request.page ?? 1;
  const total = request.search_term === 'nothing' ? 0 : 2500;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const lines = total === 0 || page > totalPages ? [] : request.order === 'oldest' ? LINES : LINES.toReversed();
  return {
    file_name: request.log_file,
    total_lines_in_file: 12_345,
    filtered_lines: total,
    cutoff_time: request.time_filter === 'all' ? null : '2026-11-22T08:00:00.000Z',
    lines,
    pagination: {
      showing_start: lines.length ? (page - 1) * pageSize + 1 : 0,
      showing_end: lines.length ? (page - 1) * pageSize + lines.length : 0,
      total_filtered: total,
      current_page: page,
      total_pages: totalPages,
      has_next: page < totalPages,
    },
  };
}

beforeEach(() => {
  reads = [];
  files = FILES;
  stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/v1/logs/files') return { status: 200, body: { success: true, data: files } };
    if (method === 'POST' && path === '/api/v1/logs/read') {
      const request = body as LogReadRequest;
      reads.push(request);
      return { status: 200, body: { success: true, data: resultFor(request) } };
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastRead = () => reads.at(-1);

describe('LogsPage', () => {
  it('selects the first file, shows the summary and lines coloured by level', async () => {
    renderWithQueryClient(<LogsPage />);
    const entries = await screen.findByRole('list', { name: 'Log entries' });
    expect(lastRead()).toMatchObject({
      log_file: 'app.log',
      time_filter: '1h',
      log_level: '',
      page: 1,
      page_size: 1000,
      order: 'newest',
    });
    const fileSelect = screen.getByLabelText('Log file') as HTMLSelectElement;
    expect(fileSelect.value).toBe('app.log');
    expect([...fileSelect.options].map((option) => option.text)).toEqual([
      'Application Log (1.5 KB)',
      'Application Log (rotated 1) (10.0 MB)',
    ]);
    expect(screen.getByText('12,345')).toBeTruthy();
    expect(screen.getByText('2,500')).toBeTruthy();
    const items = within(entries).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.level)).toEqual(['debug', 'info', 'warning', 'error']);
    expect(items[3]?.textContent).toContain('at push (/srv/app/crm.ts:10:3)');
  });

  it('says the order the lines are in, and flips both together from page 1', async () => {
    const typist = userEvent.setup();
    renderWithQueryClient(<LogsPage />);
    const firstEntry = async () =>
      within(await screen.findByRole('list', { name: 'Log entries' })).getAllByRole('listitem')[0]?.textContent;
    const order = screen.getByLabelText('Order') as HTMLSelectElement;
    expect(order.selectedOptions[0]?.text).toBe('Newest first');
    expect(await firstEntry()).toContain('09:00:03,000');

    await typist.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastRead()?.page).toBe(2));
    await typist.selectOptions(order, 'Oldest first');
    await waitFor(() => expect(lastRead()).toMatchObject({ order: 'oldest', page: 1 }));
    expect(order.selectedOptions[0]?.text).toBe('Oldest first');
    await waitFor(async () => expect(await firstEntry()).toContain('09:00:00,000'));

    await typist.selectOptions(order, 'Newest first');
    await waitFor(async () => expect(await firstEntry()).toContain('09:00:03,000'));
    expect(lastRead()?.order).toBe('newest');
  });

  it('shows why a read failed, with Retry, instead of saying there are no entries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(({ path }) =>
      path === '/api/v1/logs/files'
        ? { status: 200, body: { success: true, data: FILES } }
        : { status: 400, body: { detail: 'app.log was deleted or rotated; pick it again', code: 'validation_failed' } },
    );
    renderWithQueryClient(<LogsPage />);
    expect(
      await screen.findByText(/The log could not be loaded\. app\.log was deleted or rotated; pick it again/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No log entries found for the selected filters.')).toBeNull();
  });

  it('pages with First / Previous / Next / Last, and a new page size starts at page 1', async () => {
    const typist = userEvent.setup();
    renderWithQueryClient(<LogsPage />);
    await screen.findByRole('list', { name: 'Log entries' });
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('First').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);

    await typist.click(button('Last'));
    await waitFor(() => expect(lastRead()?.page).toBe(3));
    await waitFor(() => expect(button('Next').disabled).toBe(true));
    expect(button('Last').disabled).toBe(true);
    expect(button('First').disabled).toBe(false);
    expect(screen.getByText(/Showing 2,001–2,004 of 2,500 · Page 3 of 3/)).toBeTruthy();

    await typist.click(button('Previous'));
    await waitFor(() => expect(lastRead()?.page).toBe(2));
    await typist.selectOptions(screen.getByLabelText('Per page'), '500');
    await waitFor(() => expect(lastRead()).toMatchObject({ page: 1, page_size: 500 }));
  });

  it('applies level and search after the debounce, or at once with the Search button', async () => {
    const typist = userEvent.setup();
    renderWithQueryClient(<LogsPage />);
    await screen.findByRole('list', { name: 'Log entries' });
    await typist.selectOptions(screen.getByLabelText('Log level'), 'ERROR');
    expect(lastRead()?.log_level).toBe('');
    await waitFor(() => expect(lastRead()?.log_level).toBe('ERROR'));

    await typist.type(screen.getByLabelText('Search'), 'nothing');
    await typist.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastRead()?.search_term).toBe('nothing'));
    expect(await screen.findByText('No log entries found for the selected filters.')).toBeTruthy();
  });

  it('switches to a custom range: time range disabled with the notice, rules checked, only valid ranges sent', async () => {
    const typist = userEvent.setup();
    renderWithQueryClient(<LogsPage />);
    await screen.findByRole('list', { name: 'Log entries' });
    await typist.click(screen.getByLabelText('Custom date/time range'));
    expect((screen.getByLabelText('Time range') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Custom date/time filter is active')).toBeTruthy();
    await waitFor(() => expect(lastRead()?.custom_date_time_range?.fromDateTime.time).toBe('12:00'));
    expect(lastRead()?.time_zone).toEqual(expect.any(String));
    const sent = reads.length;

    const fromDate = screen.getByLabelText('From date');
    await typist.clear(fromDate);
    await typist.type(fromDate, '31/02/2025');
    expect(await screen.findByText('Invalid date format (DD/MM/YYYY)')).toBeTruthy();
    const fromTime = screen.getByLabelText('From time');
    await typist.clear(fromTime);
    await typist.type(fromTime, '00:30');
    expect(await screen.findByText('Invalid time format (HH:MM, 1-12)')).toBeTruthy();
    expect(reads).toHaveLength(sent);

    await typist.clear(fromDate);
    await typist.type(fromDate, '01/01/2099');
    await typist.clear(fromTime);
    await typist.type(fromTime, '10:00');
    expect(await screen.findByText('From date cannot be in the future')).toBeTruthy();
    expect(await screen.findByText('From date/time must be before to date/time')).toBeTruthy();

    await typist.clear(fromDate);
    await typist.type(fromDate, '01/01/2025');
    await waitFor(() =>
      expect(lastRead()?.custom_date_time_range?.fromDateTime).toEqual({
        date: '01/01/2025',
        time: '10:00',
        period: 'AM',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();

    await typist.click(screen.getByLabelText('Custom date/time range'));
    expect((screen.getByLabelText('Time range') as HTMLSelectElement).disabled).toBe(false);
    await waitFor(() => expect(lastRead()?.custom_date_time_range).toBeNull());
  });

  it('says so when there is no log file', async () => {
    files = [];
    renderWithQueryClient(<LogsPage />);
    expect(await screen.findByText('Select a log file to view content.')).toBeTruthy();
    expect(reads).toEqual([]);
  });
});
