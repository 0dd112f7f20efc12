import type { CreateWatchRequest } from '@mining-hub/contract/watches';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { EMPTY_DRAFT, type WatchDraft } from '../watch-draft.ts';
import { WatchForm } from './watch-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderForm = (initial: Partial<WatchDraft>) =>
  renderWithQueryClient(
    <WatchForm
      initial={{ ...EMPTY_DRAFT, ...initial }}
      submitLabel="Save as watch"
      saving={false}
      error={null}
      onSubmit={() => undefined}
      onCancel={() => undefined}
    />,
  );

const testAlerts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/watches/test-alert');

describe('WatchForm: Send test alert', () => {
  it("sends the form's current webhook and recipients and announces each channel's outcome", async () => {
    const requests = stubApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/watches/test-alert'
        ? {
            status: 200,
            body: { success: true, data: { webhook: 'sent', email: 'SMTP_URL is not set: e-mail alerts are off' } },
          }
        : undefined,
    );
    renderForm({ webhook: 'https://hooks.example.com/old', emails: 'rep@example.com; lead@example.com' });
    const typist = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Watch' });
    const webhook = within(form).getByLabelText('Webhook URL');
    await typist.clear(webhook);
    await typist.type(webhook, 'https://hooks.example.com/new');
    await typist.click(within(form).getByRole('button', { name: 'Send test alert' }));

    const outcome = within(form).getByRole('status', { name: 'Test alert outcome' });
    expect(outcome.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() =>
      expect([...outcome.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
        'Webhook: sent',
        'E-mail: SMTP_URL is not set: e-mail alerts are off',
      ]),
    );
    expect(testAlerts(requests).map((r) => r.body)).toEqual([
      {
        webhook_format: 'generic',
        webhook_url: 'https://hooks.example.com/new',
        email_to: ['rep@example.com', 'lead@example.com'],
      },
    ]);
    // Testing is not saving.
    expect(requests.some((r) => r.path === '/api/v1/watches')).toBe(false);
  });

  it('asks for a channel before sending, and shows the refusal of a channel it could not test', async () => {
    const requests = stubApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/watches/test-alert'
        ? { status: 200, body: { success: true, data: { webhook: 'refused: 10.0.0.5 is a private address' } } }
        : undefined,
    );
    renderForm({});
    const typist = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Watch' });
    const outcome = within(form).getByRole('status', { name: 'Test alert outcome' });
    await typist.click(within(form).getByRole('button', { name: 'Send test alert' }));
    expect(outcome.textContent).toBe('Give a webhook URL or an e-mail address to test.');
    expect(testAlerts(requests)).toHaveLength(0);

    await typist.type(within(form).getByLabelText('Webhook URL'), 'http://10.0.0.5/hook');
    await typist.click(within(form).getByRole('button', { name: 'Send test alert' }));
    await vi.waitFor(() => expect(outcome.textContent).toBe('Webhook: refused: 10.0.0.5 is a private address'));
    expect(testAlerts(requests).map((r) => r.body)).toEqual([
      { webhook_format: 'generic', webhook_url: 'http://10.0.0.5/hook' },
    ]);
  });
});

describe('WatchForm: choices', () => {
  it('saves the date range, push threshold and webhook kind chosen, each as the request spells it', async () => {
    stubApi(() => undefined);
    const saved: CreateWatchRequest[] = [];
    renderWithQueryClient(
      <WatchForm
        initial={{ ...EMPTY_DRAFT, name: 'Lithium' }}
        submitLabel="Save as watch"
        saving={false}
        error={null}
        onSubmit={(request) => saved.push(request)}
        onCancel={() => undefined}
      />,
    );
    const typist = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Watch' });
    await typist.selectOptions(within(form).getByLabelText('Date range'), 'Last 30 Days');
    await typist.selectOptions(within(form).getByLabelText('Push to CRM at intent'), 'Never push (alert only)');
    await typist.selectOptions(within(form).getByLabelText('Webhook kind'), 'Slack incoming webhook');
    await typist.click(within(form).getByRole('button', { name: 'Save as watch' }));

    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ filters: { dateRange: 30 }, push_min_intent: null, webhook_format: 'slack' });
  });
});
