import type { ManagedUser } from '@mining-hub/contract/users';
import { describe, expect, it } from 'vitest';
import { actionsFor, changesFor, describeAction, type UserAction } from './user-actions.ts';

const member: ManagedUser = {
  id: 7,
  email: 'max@example.com',
  name: 'Max',
  role: 'member',
  disabled: false,
  created_at: '2026-01-05T10:00:00.000Z',
  last_sign_in_at: null,
};

describe('actionsFor', () => {
  it('offers the opposite role, the opposite status and a reset', () => {
    expect(actionsFor(member, 1)).toEqual(['make-admin', 'disable', 'reset-password']);
    expect(actionsFor({ ...member, role: 'admin', disabled: true }, 1)).toEqual([
      'make-member',
      'enable',
      'reset-password',
    ]);
  });

  it("offers nothing on the admin's own row", () => {
    expect(actionsFor(member, member.id)).toEqual([]);
  });
});

describe('changesFor', () => {
  it('turns each action into its PATCH body; the reset has its own route', () => {
    const bodies: Record<UserAction, unknown> = {
      'make-admin': { role: 'admin' },
      'make-member': { role: 'member' },
      disable: { disabled: true },
      enable: { disabled: false },
      'reset-password': null,
    };
    for (const [action, body] of Object.entries(bodies)) expect(changesFor(action as UserAction)).toEqual(body);
  });
});

describe('describeAction', () => {
  it('names the user in the confirmation and marks what takes access away as dangerous', () => {
    const disable = describeAction('disable', member);
    expect(disable.message).toContain('Max (max@example.com)');
    expect(disable.danger).toBe(true);
    expect(describeAction('enable', member).danger).toBe(false);
    expect(describeAction('make-admin', member).danger).toBe(false);
  });
});
