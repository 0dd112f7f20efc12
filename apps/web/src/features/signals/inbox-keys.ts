/** What a key press does in the inbox (mail-client style): move the focus row, select it, or open it. */
export type InboxCommand = { kind: 'move'; by: 1 | -1 } | { kind: 'toggle' } | { kind: 'open' };

const COMMANDS: Record<string, InboxCommand> = {
  j: { kind: 'move', by: 1 },
  k: { kind: 'move', by: -1 },
  x: { kind: 'toggle' },
  e: { kind: 'open' },
};

/** The parts of a keydown event that decide whether it is an inbox shortcut. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The element the key was typed into. */
  target: { tagName?: string; type?: string; isContentEditable?: boolean } | null;
}

/** Inputs that take no text: keys typed while one has focus are still shortcuts. */
const CLICKABLE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

function isTypingInto(target: KeyPress['target']): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  return target.tagName === 'INPUT' && !CLICKABLE_INPUTS.has(target.type ?? 'text');
}

/**
 * The inbox command of a key press, or undefined: only j, k, x and e without modifiers, and never while the
 * person types into a field (the search box takes 'e' as a letter).
 */
export function inboxCommand(press: KeyPress): InboxCommand | undefined {
  if (press.altKey || press.ctrlKey || press.metaKey) return undefined;
  if (isTypingInto(press.target)) return undefined;
  return COMMANDS[press.key];
}

/** The focus row after moving `by` from `current` (-1: none yet) among `count` rows, stopping at either end. */
export function movedFocus(current: number, by: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return by === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + by));
}

/**
 * The signals before and after the open one in the inbox's order (issue 35's next / previous, j / k in the
 * detail); one opened from elsewhere (a bell item, a link) that the page does not hold goes on to the first.
 */
export function neighboursOf(ids: readonly number[], openId: number): { previous: number | null; next: number | null } {
  const index = ids.indexOf(openId);
  if (index < 0) return { previous: null, next: ids[0] ?? null };
  return { previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}
