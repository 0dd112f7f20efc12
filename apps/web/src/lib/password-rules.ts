import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DIFFER = 'The new passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';

/** Why a new password would be refused (the server applies the same rule), or null. */
export function newPasswordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}

export interface PasswordChangeDraft {
  current: string;
  next: string;
  confirm: string;
}

/** What stops the Change password form from being sent, or null when it may go. */
export function passwordChangeProblem({ current, next, confirm }: PasswordChangeDraft): string | null {
  if (current === '') return CURRENT_PASSWORD_REQUIRED;
  return newPasswordProblem(next) ?? (next === confirm ? null : PASSWORDS_DIFFER);
}
