import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_REQUIRED,
  newPasswordProblem,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  passwordChangeProblem,
} from './password-rules.ts';

const long = 'x'.repeat(MIN_PASSWORD_LENGTH);

describe('newPasswordProblem', () => {
  it('refuses fewer than the minimum characters, like the server', () => {
    expect(newPasswordProblem('x'.repeat(MIN_PASSWORD_LENGTH - 1))).toBe(PASSWORD_TOO_SHORT);
    expect(newPasswordProblem(long)).toBeNull();
  });
});

describe('passwordChangeProblem', () => {
  it('asks for the current password, then a long enough new one, then a matching confirmation', () => {
    expect(passwordChangeProblem({ current: '', next: long, confirm: long })).toBe(CURRENT_PASSWORD_REQUIRED);
    expect(passwordChangeProblem({ current: 'old', next: 'short', confirm: 'short' })).toBe(PASSWORD_TOO_SHORT);
    expect(passwordChangeProblem({ current: 'old', next: long, confirm: `${long}y` })).toBe(PASSWORDS_DIFFER);
    expect(passwordChangeProblem({ current: 'old', next: long, confirm: long })).toBeNull();
  });
});
