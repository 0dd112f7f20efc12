import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_DURATION_MS, NoticeStack, TimedNotice, useNotices } from './notices.tsx';

/** Two buttons that raise notices, then the stack, as a page lays them out. */
function Page({ failedLoad = false }: { failedLoad?: boolean }) {
  const { notices, notify, dismiss } = useNotices();
  return (
    <>
      <button type="button" onClick={() => notify('success', 'Prompt saved')}>
        Save
      </button>
      <button type="button" onClick={() => notify('error', 'Could not save', 'The name is taken')}>
        Break
      </button>
      <NoticeStack notices={notices} onDismiss={dismiss}>
        {failedLoad && <TimedNotice kind="error" message="Could not load the prompts" />}
      </NoticeStack>
    </>
  );
}

const politeRegion = () => document.querySelector('[aria-live="polite"]');
const assertiveRegion = () => document.querySelector('[aria-live="assertive"]');

afterEach(() => {
  vi.useRealTimers();
});

describe('NoticeStack live regions', () => {
  it('are in the page, empty, before any notice, and the notices are added into them', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const polite = politeRegion();
    const assertive = assertiveRegion();
    expect(polite?.textContent).toBe('');
    expect(assertive?.textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Break' }));
    // The same elements as before: text added to a region that already existed.
    expect(politeRegion()).toBe(polite);
    expect(assertiveRegion()).toBe(assertive);
    expect(within(polite as HTMLElement).getByRole('status').textContent).toBe('Prompt saved');
    const alert = within(assertive as HTMLElement).getByRole('alert');
    expect(alert.textContent).toBe('Could not saveThe name is taken');
  });

  it('announces a TimedNotice with the errors', () => {
    render(<Page failedLoad />);
    expect(within(assertiveRegion() as HTMLElement).getByRole('alert').textContent).toBe('Could not load the prompts');
  });
});

describe('NoticeStack by keyboard', () => {
  it('leaves the focus where it was when a notice comes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Prompt saved');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('dismisses with the Dismiss button, then focuses the next notice, then where the focus came from', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('button', { name: 'Break' }));
    save.focus();
    await user.keyboard('{Enter}');
    // Tab order: Save, Break, the error's Dismiss, the success's Dismiss.
    await user.tab();
    await user.tab();
    const errorDismiss = within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' });
    expect(document.activeElement).toBe(errorDismiss);

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    const successDismiss = within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss' });
    await waitFor(() => expect(document.activeElement).toBe(successDismiss));

    await user.keyboard(' ');
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Break' })));
  });
});

describe('NoticeStack timing', () => {
  it('lets a notice go after 5 s, but not while it holds the focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Break' }));
    within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }).focus();

    await act(() => vi.advanceTimersByTimeAsync(NOTICE_DURATION_MS));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Could not save');

    screen.getByRole('button', { name: 'Save' }).focus();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_DURATION_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves no timer behind when the page goes before its notices do', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // No pause between user-event's actions: its own timer would otherwise be counted when a slow machine has not
    // run it yet (a run of the full suite saw one left over).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    const { unmount } = render(<Page />);
    const before = vi.getTimerCount();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Break' }));
    expect(vi.getTimerCount()).toBe(before + 2);
    unmount();
    expect(vi.getTimerCount()).toBe(before);
  });
});
