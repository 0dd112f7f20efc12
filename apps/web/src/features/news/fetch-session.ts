import type { fetchProgressSchema } from '@mining-hub/contract/live';
import type { z } from 'zod';

export type FetchProgress = z.infer<typeof fetchProgressSchema>;

/** The page's fetch session: which session the list shows, its page, and the progress of a running fetch. */
export interface FetchSessionState {
  sessionId: string | null;
  page: number;
  fetching: boolean;
  /** Between clicking Fetch News and the answer carrying the new session id. */
  awaitingSession: boolean;
  progress: FetchProgress | null;
  /**
   * Progress of sessions whose id has not come back yet: the fetch job may report before the POST answer
   * arrives, and those messages would otherwise be lost.
   */
  early: Readonly<Record<string, FetchProgress>>;
  /** The bar as it was before the latest click, put back when the server refuses the new fetch (429). */
  before: { progress: FetchProgress | null; fetching: boolean } | null;
}

export type FetchSessionEvent =
  | { type: 'start' }
  | { type: 'started'; sessionId: string }
  | { type: 'failed' }
  | { type: 'rate-limited' }
  | { type: 'progress'; sessionId: string; data: FetchProgress }
  | { type: 'page'; page: number }
  | { type: 'session-lost' };

export const STARTING_MESSAGE = 'Starting fetch...';
export const ERROR_MESSAGE = 'Error occurred';

const idleProgress = (message: string, status: string): FetchProgress => ({
  message,
  progress: 0,
  current_page: 0,
  total_pages: 0,
  articles_found: 0,
  status,
});

export function initialFetchSession(sessionId: string | null = null, page = 1): FetchSessionState {
  return {
    sessionId,
    page: sessionId ? Math.max(1, page) : 1,
    fetching: false,
    awaitingSession: false,
    progress: null,
    early: {},
    before: null,
  };
}

export function isFinished(progress: FetchProgress): boolean {
  return progress.status === 'completed' || progress.status === 'failed';
}

/**
 * Fetch rules of SPEC.md section 4: a fetch starts with 'Starting fetch...'; the answer's session id becomes the
 * list's session and the page goes back to 1; an error clears the session and shows 'Error occurred'; progress
 * for the current session updates the bar, and completed or failed ends the fetch. A 429 only refuses the new
 * fetch, so the session already shown stays (the page shows the rate-limit message itself).
 */
export function fetchSessionReducer(state: FetchSessionState, event: FetchSessionEvent): FetchSessionState {
  switch (event.type) {
    case 'start':
      return {
        ...state,
        fetching: true,
        awaitingSession: true,
        progress: idleProgress(STARTING_MESSAGE, 'starting'),
        early: {},
        before: { progress: state.progress, fetching: state.fetching },
      };
    case 'started': {
      const early = state.early[event.sessionId];
      return {
        ...state,
        sessionId: event.sessionId,
        page: 1,
        awaitingSession: false,
        fetching: early ? !isFinished(early) : true,
        progress: early ?? state.progress,
        early: {},
        before: null,
      };
    }
    case 'failed':
      return {
        ...state,
        sessionId: null,
        page: 1,
        fetching: false,
        awaitingSession: false,
        progress: idleProgress(ERROR_MESSAGE, 'failed'),
        early: {},
        before: null,
      };
    case 'rate-limited':
      return {
        ...state,
        fetching: state.before?.fetching ?? false,
        awaitingSession: false,
        progress: state.before?.progress ?? null,
        early: {},
        before: null,
      };
    case 'progress':
      // The session still on screen keeps reporting while a new fetch is being asked for; that is kept aside.
      if (state.awaitingSession && event.sessionId === state.sessionId && state.before) {
        return {
          ...state,
          before: { progress: event.data, fetching: state.before.fetching && !isFinished(event.data) },
        };
      }
      if (event.sessionId === state.sessionId) {
        return { ...state, progress: event.data, fetching: state.fetching && !isFinished(event.data) };
      }
      if (state.awaitingSession) return { ...state, early: { ...state.early, [event.sessionId]: event.data } };
      return state;
    case 'page':
      return { ...state, page: Math.max(1, event.page) };
    case 'session-lost':
      return { ...state, sessionId: null, page: 1, fetching: false, progress: null };
  }
}

/** 'Rate limit exceeded. Please wait 7 seconds before trying again.' (SPEC.md section 8). */
export function rateLimitMessage(waitTime: number): string {
  return `Rate limit exceeded. Please wait ${waitTime} seconds before trying again.`;
}
