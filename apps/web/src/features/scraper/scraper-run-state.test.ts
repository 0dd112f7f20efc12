import { describe, expect, it } from 'vitest';
import { hasProcess, headingNote, runStateOf } from './scraper-run-state.ts';
import { RUNNING_STATUS as RUNNING, STOPPED_STATUS as STOPPED } from './test/scraper-fixtures.ts';

describe('runStateOf', () => {
  it('reads Stopped, Running and Paused from the status', () => {
    expect(runStateOf(undefined)).toBe('stopped');
    expect(runStateOf(STOPPED)).toBe('stopped');
    expect(runStateOf(RUNNING)).toBe('running');
    expect(runStateOf({ ...RUNNING, paused: true })).toBe('paused');
  });

  it('treats a paused run as paused whether or not the server also calls it running', () => {
    expect(runStateOf({ ...RUNNING, running: false, paused: true })).toBe('paused');
  });

  it('only a run with a process is polled', () => {
    expect(hasProcess('stopped')).toBe(false);
    expect(hasProcess('running')).toBe(true);
    expect(hasProcess('paused')).toBe(true);
  });
});

describe('headingNote', () => {
  it('follows the last run when nothing runs (SPEC.md section 4)', () => {
    expect(headingNote('stopped', 'completed')).toBe('(Last Run Completed)');
    expect(headingNote('stopped', 'cancelled')).toBe('(Last Run Cancelled)');
    expect(headingNote('stopped', 'failed')).toBe('(No Active Process)');
    expect(headingNote('stopped', 'not_started')).toBe('(No Active Process)');
    expect(headingNote('stopped', undefined)).toBe('(No Active Process)');
  });

  it('says what runs now otherwise, whatever the last run was', () => {
    expect(headingNote('running', 'completed')).toBe('(Running)');
    expect(headingNote('paused', 'running')).toBe('(Paused)');
  });
});
