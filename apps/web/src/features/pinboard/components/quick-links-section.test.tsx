import type { QuickLink } from '@mining-hub/contract/pinboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { PinBoard } from './pin-board.tsx';

let links: QuickLink[];
let storageFull: boolean;

beforeEach(() => {
  storageFull = false;
  links = [{ id: 1, label: 'HubSpot', url: 'https://app.hubspot.com', color: 'orange', icon: null }];
  stubApi(({ method, path, body }) => {
    if (path === '/api/v1/pinboard/widgets') return { status: 200, body: { success: true, data: [] } };
    if (path !== '/api/v1/pinboard/quick-links') return undefined;
    if (method === 'GET') return { status: 200, body: { success: true, data: links } };
    if (method === 'POST' && storageFull)
      return { status: 503, body: { detail: 'The database is unavailable', code: 'unavailable' } };
    if (method === 'POST') {
      const created = { id: links.length + 1, ...(body as Omit<QuickLink, 'id'>) };
      links = [...links, created];
      return { status: 201, body: { success: true, data: created } };
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuickLinksSection', () => {
  it('shows saved links as buttons that open in a new tab', async () => {
    renderWithQueryClient(<PinBoard />);
    const link = await screen.findByRole('link', { name: 'HubSpot' });
    expect(link.getAttribute('href')).toBe('https://app.hubspot.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Edit HubSpot' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete HubSpot' })).toBeTruthy();
  });

  it('asks for both fields, then adds the link and closes the form', async () => {
    renderWithQueryClient(<PinBoard />);
    const typist = userEvent.setup();
    await screen.findByRole('link', { name: 'HubSpot' });

    await typist.click(screen.getByRole('button', { name: 'Add Link' }));
    const form = screen.getByRole('form', { name: 'Add quick link' });
    expect((within(form).getByLabelText('Color') as HTMLSelectElement).value).toBe('blue');

    await typist.type(within(form).getByLabelText('Label'), '   ');
    await typist.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please fill in both label and URL');

    await typist.type(within(form).getByLabelText('Label'), 'Kitco');
    await typist.type(within(form).getByLabelText('URL'), 'www.kitco.com');
    await typist.selectOptions(within(form).getByLabelText('Color'), 'green');
    await typist.click(within(form).getByRole('button', { name: 'Save' }));

    const added = await screen.findByRole('link', { name: 'Kitco' });
    expect(added.getAttribute('href')).toBe('https://www.kitco.com');
    expect(screen.queryByRole('form', { name: 'Add quick link' })).toBeNull();
  });

  it('says a failed save in the page, with the server’s reason, and keeps the form open to try again', async () => {
    storageFull = true;
    renderWithQueryClient(<PinBoard />);
    const typist = userEvent.setup();
    await screen.findByRole('link', { name: 'HubSpot' });
    await typist.click(screen.getByRole('button', { name: 'Add Link' }));
    const form = screen.getByRole('form', { name: 'Add quick link' });
    await typist.type(within(form).getByLabelText('Label'), 'Kitco');
    await typist.type(within(form).getByLabelText('URL'), 'https://www.kitco.com');
    await typist.click(within(form).getByRole('button', { name: 'Save' }));

    const notice = await screen.findByText('Failed to save quick link. Please try again.');
    expect(notice.closest('[role="alert"]')?.textContent).toContain('The database is unavailable');
    expect(screen.getByRole('form', { name: 'Add quick link' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Kitco' })).toBeNull();
  });
});
