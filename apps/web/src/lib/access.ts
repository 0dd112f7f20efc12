import type { UserRole } from '@mining-hub/contract/auth';

/** Who may use a screen or a control: everyone signed in, or administrators only. */
export interface Restricted {
  adminOnly?: boolean;
}

/** The one role rule of the web app; the server enforces the same split on every route. */
export function canUse(role: UserRole, thing: Restricted): boolean {
  return !thing.adminOnly || role === 'admin';
}

/** The items a user with `role` may see, in their order. */
export function usableBy<T extends Restricted>(items: readonly T[], role: UserRole): T[] {
  return items.filter((item) => canUse(role, item));
}

export const ACCESS_DENIED_MESSAGE = 'You do not have access to this page';
