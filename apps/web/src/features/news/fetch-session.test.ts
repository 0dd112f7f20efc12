import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGE,
  fetchSessionReducer,
  initialFetchSession,
  rateLimitMessage,
  STARTING_MESSAGE,
  type FetchProgress,
  type FetchSessionEvent,
  type FetchSessionState,
} from './fetch-session.ts';

const progress = (changes: Partial<FetchProgress> = {}): FetchProgress => ({
  message: 'Fetching Demo: page 1 of 4',
  progress: 25,
  current_page: 1,
  total_pages: 4,
  articles_found: 12,
  status: 'running',
  ...changes,
});

const run = (state: FetchSessionState, ...events: FetchSessionEvent[]) => events.reduce(fetchSessionReducer, state);

describe('fetchSessionReducer', () => {
  it('starts with Starting fetch..., takes the answer’s session and goes back to page 1', () => {
    const before = run(initialFetchSession('old', 3));
    expect(before.page).toBe(3);
    const starting = run(before, { type: 'start' });
    expect(starting).toMatchObject({ fetching: true, sessionId: 'old', progress: { message: STARTING_MESSAGE } });
    const started = run(starting, { type: 'started', sessionId: 'new' });
    expect(started).toMatchObject({ sessionId: 'new', page: 1, fetching: true, awaitingSession: false });
  });

  it('updates the bar for the current session only, and ends the fetch on completed or failed', () => {
    const started = run(initialFetchSession(), { type: 'start' }, { type: 'started', sessionId: 's1' });
    const other = run(started, { type: 'progress', sessionId: 's2', data: progress({ message: 'other' }) });
    expect(other).toBe(started);
    const running = run(started, { type: 'progress', sessionId: 's1', data: progress() });
    expect(running).toMatchObject({ fetching: true, progress: { articles_found: 12 } });
    const done = run(running, {
      type: 'progress',
      sessionId: 's1',
      data: progress({ status: 'completed', progress: 100 }),
    });
    expect(done).toMatchObject({ fetching: false, progress: { status: 'completed' } });
    const failed = run(running, { type: 'progress', sessionId: 's1', data: progress({ status: 'failed' }) });
    expect(failed.fetching).toBe(false);
  });

  it('keeps progress that arrives before the session id, and applies it when the id comes', () => {
    const waiting = run(
      initialFetchSession(),
      { type: 'start' },
      { type: 'progress', sessionId: 's9', data: progress({ status: 'completed', progress: 100, articles_found: 3 }) },
    );
    expect(waiting.progress?.message).toBe(STARTING_MESSAGE);
    const started = run(waiting, { type: 'started', sessionId: 's9' });
    expect(started).toMatchObject({ fetching: false, progress: { status: 'completed', articles_found: 3 }, early: {} });
  });

  it('clears the session and shows Error occurred on an error', () => {
    const failed = run(initialFetchSession('s1', 2), { type: 'start' }, { type: 'failed' });
    expect(failed).toMatchObject({ sessionId: null, page: 1, fetching: false, progress: { message: ERROR_MESSAGE } });
  });

  it('keeps the shown session and its bar when the server refuses a new fetch with 429', () => {
    const refused = run(initialFetchSession('s1', 2), { type: 'start' }, { type: 'rate-limited' });
    expect(refused).toMatchObject({ sessionId: 's1', page: 2, fetching: false, progress: null });
    const running = run(initialFetchSession(), { type: 'start' }, { type: 'started', sessionId: 's1' });
    const again = run(
      running,
      { type: 'progress', sessionId: 's1', data: progress() },
      { type: 'start' },
      { type: 'progress', sessionId: 's1', data: progress({ current_page: 2 }) },
    );
    expect(again.progress?.message).toBe(STARTING_MESSAGE);
    expect(run(again, { type: 'rate-limited' })).toMatchObject({
      sessionId: 's1',
      fetching: true,
      progress: { current_page: 2 },
      before: null,
    });
    expect(rateLimitMessage(7)).toBe('Rate limit exceeded. Please wait 7 seconds before trying again.');
  });

  it('pages, never below 1, and forgets a session the server lost', () => {
    const paged = run(initialFetchSession('s1'), { type: 'page', page: 4 });
    expect(paged.page).toBe(4);
    expect(run(paged, { type: 'page', page: 0 }).page).toBe(1);
    expect(run(paged, { type: 'session-lost' })).toMatchObject({ sessionId: null, page: 1 });
  });
});
