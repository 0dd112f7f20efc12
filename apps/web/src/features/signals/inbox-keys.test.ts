import { describe, expect, it } from 'vitest';
import { inboxCommand, movedFocus, neighboursOf, type KeyPress } from './inbox-keys.ts';

const press = (key: string, overrides: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target: { tagName: 'BODY' },
  ...overrides,
});

describe('inboxCommand', () => {
  it('reads j, k, x and e as move down, move up, select and open', () => {
    expect(inboxCommand(press('j'))).toEqual({ kind: 'move', by: 1 });
    expect(inboxCommand(press('k'))).toEqual({ kind: 'move', by: -1 });
    expect(inboxCommand(press('x'))).toEqual({ kind: 'toggle' });
    expect(inboxCommand(press('e'))).toEqual({ kind: 'open' });
    expect(inboxCommand(press('J'))).toBeUndefined();
    expect(inboxCommand(press('Enter'))).toBeUndefined();
  });

  it('leaves keys with a modifier to the browser', () => {
    expect(inboxCommand(press('j', { ctrlKey: true }))).toBeUndefined();
    expect(inboxCommand(press('e', { metaKey: true }))).toBeUndefined();
    expect(inboxCommand(press('x', { altKey: true }))).toBeUndefined();
  });

  it('leaves typing alone, but not a focused checkbox or button', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'INPUT', type: 'search' },
      { tagName: 'INPUT', type: 'date' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(inboxCommand(press('j', { target })), JSON.stringify(target)).toBeUndefined();
    }
    expect(inboxCommand(press('x', { target: { tagName: 'INPUT', type: 'checkbox' } }))).toEqual({ kind: 'toggle' });
    expect(inboxCommand(press('j', { target: { tagName: 'BUTTON' } }))).toEqual({ kind: 'move', by: 1 });
    expect(inboxCommand(press('j', { target: { tagName: 'TR' } }))).toEqual({ kind: 'move', by: 1 });
  });
});

describe('movedFocus', () => {
  it('starts at the first row going down and the last going up', () => {
    expect(movedFocus(-1, 1, 5)).toBe(0);
    expect(movedFocus(-1, -1, 5)).toBe(4);
  });

  it('moves one row and stops at either end', () => {
    expect(movedFocus(2, 1, 5)).toBe(3);
    expect(movedFocus(2, -1, 5)).toBe(1);
    expect(movedFocus(4, 1, 5)).toBe(4);
    expect(movedFocus(0, -1, 5)).toBe(0);
  });

  it('has no row to focus in an empty list', () => {
    expect(movedFocus(-1, 1, 0)).toBe(-1);
    expect(movedFocus(3, -1, 0)).toBe(-1);
  });
});

describe('neighboursOf', () => {
  it('gives the signals either side of the open one, none past either end', () => {
    expect(neighboursOf([4, 8, 15], 8)).toEqual({ previous: 4, next: 15 });
    expect(neighboursOf([4, 8, 15], 4)).toEqual({ previous: null, next: 8 });
    expect(neighboursOf([4, 8, 15], 15)).toEqual({ previous: 8, next: null });
  });

  it('goes on to the first for a signal the page does not hold', () => {
    expect(neighboursOf([4, 8], 99)).toEqual({ previous: null, next: 4 });
    expect(neighboursOf([], 99)).toEqual({ previous: null, next: null });
  });
});
