import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { DigestCard } from './digest-card.tsx';

describe('DigestCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the daily digest on at the chosen hour and time zone', async () => {
    const saved = { enabled: false, hour: 7, time_zone: 'UTC', email: 'rep@example.com' };
    const requests = stubApi(({ method, path, body }) => {
      if (path !== '/api/v1/digest/settings') return undefined;
      if (method === 'GET') return { status: 200, body: { success: true, data: saved } };
      return { status: 200, body: { success: true, data: { ...(body as object), email: saved.email } } };
    });
    const notify = vi.fn();
    renderWithQueryClient(<DigestCard notify={notify} />);
    const toggle = await screen.findByRole('checkbox', { name: 'Send me the daily digest at rep@example.com' });
    const hour = screen.getByRole('combobox', { name: 'Hour' });
    expect(hour).toHaveProperty('disabled', true);

    const typist = userEvent.setup();
    await typist.click(toggle);
    await typist.selectOptions(hour, '06:00');
    await typist.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Australia/Perth');
    await typist.click(screen.getByRole('button', { name: 'Save digest settings' }));

    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Daily digest on: 06:00 Australia/Perth'));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      enabled: true,
      hour: 6,
      time_zone: 'Australia/Perth',
    });
  });
});
