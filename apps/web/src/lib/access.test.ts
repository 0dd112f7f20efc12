import { describe, expect, it } from 'vitest';
import { canUse, usableBy } from './access.ts';

const items = [
  { to: '/dashboard' },
  { to: '/logs', adminOnly: true },
  { to: '/prompts', adminOnly: false },
  { to: '/users', adminOnly: true },
];

describe('canUse', () => {
  it('lets an admin use everything and a member only what is not admin-only', () => {
    expect(canUse('admin', { adminOnly: true })).toBe(true);
    expect(canUse('admin', {})).toBe(true);
    expect(canUse('member', { adminOnly: true })).toBe(false);
    expect(canUse('member', { adminOnly: false })).toBe(true);
    expect(canUse('member', {})).toBe(true);
  });
});

describe('usableBy', () => {
  it("keeps a member's items in order without the admin-only ones", () => {
    expect(usableBy(items, 'member').map((item) => item.to)).toEqual(['/dashboard', '/prompts']);
  });

  it('gives an admin every item', () => {
    expect(usableBy(items, 'admin')).toEqual(items);
  });
});
