import type { ManagedUser, UpdateUserRequest } from '@mining-hub/contract/users';

/** What an admin can do to a user from a row of the Users screen; each is confirmed first. */
export type UserAction = 'make-admin' | 'make-member' | 'disable' | 'enable' | 'reset-password';

export interface UserActionText {
  /** The row's button. */
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red confirm button: the user loses access. */
  danger: boolean;
  /** The success notice. */
  done: string;
}

/**
 * The actions offered on a row. None on the admin's own row: disabling or demoting yourself (or resetting
 * your own password) would sign you out; Change password in the user menu is the way to your own account.
 */
export function actionsFor(user: ManagedUser, currentUserId: number): UserAction[] {
  if (user.id === currentUserId) return [];
  return [user.role === 'admin' ? 'make-member' : 'make-admin', user.disabled ? 'enable' : 'disable', 'reset-password'];
}

/** The PATCH body of an action, or null for the password reset (its own route). */
export function changesFor(action: UserAction): UpdateUserRequest | null {
  switch (action) {
    case 'make-admin':
      return { role: 'admin' };
    case 'make-member':
      return { role: 'member' };
    case 'disable':
      return { disabled: true };
    case 'enable':
      return { disabled: false };
    case 'reset-password':
      return null;
  }
}

export function describeAction(action: UserAction, user: Pick<ManagedUser, 'name' | 'email'>): UserActionText {
  const who = `${user.name} (${user.email})`;
  switch (action) {
    case 'make-admin':
      return {
        label: 'Make admin',
        title: 'Make this user an admin?',
        message: `${who} will be able to manage users, prompts, the scraper and read the logs and the audit log.`,
        confirmLabel: 'Make admin',
        danger: false,
        done: `${user.name} is now an admin`,
      };
    case 'make-member':
      return {
        label: 'Make member',
        title: 'Make this user a member?',
        message: `${who} will lose access to the admin screens.`,
        confirmLabel: 'Make member',
        danger: true,
        done: `${user.name} is now a member`,
      };
    case 'disable':
      return {
        label: 'Disable',
        title: 'Disable this user?',
        message: `${who} is signed out everywhere at once and cannot sign in until enabled again.`,
        confirmLabel: 'Disable user',
        danger: true,
        done: `${user.name} is disabled`,
      };
    case 'enable':
      return {
        label: 'Enable',
        title: 'Enable this user?',
        message: `${who} can sign in again with their password.`,
        confirmLabel: 'Enable user',
        danger: false,
        done: `${user.name} is enabled`,
      };
    case 'reset-password':
      return {
        label: 'Reset password',
        title: 'Reset this password?',
        message: `${who} is signed out everywhere and gets a temporary password, shown to you once.`,
        confirmLabel: 'Reset password',
        danger: true,
        done: `Password of ${user.name} reset`,
      };
  }
}
