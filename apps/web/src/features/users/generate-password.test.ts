import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';
import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword, PASSWORD_ALPHABET } from './generate-password.ts';

describe('generatePassword', () => {
  it('makes a password of the alphabet, long enough for the server', () => {
    const password = generatePassword();
    expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(GENERATED_PASSWORD_LENGTH).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect([...password].every((char) => PASSWORD_ALPHABET.includes(char))).toBe(true);
    expect(generatePassword()).not.toBe(password);
  });

  it('skips bytes that would favour the first characters of the alphabet', () => {
    const size = PASSWORD_ALPHABET.length;
    const limit = 256 - (256 % size);
    // First call: only biased bytes (all skipped); second call: byte 1 throughout.
    let call = 0;
    const fill = (bytes: Uint8Array<ArrayBuffer>) => {
      bytes.fill(call === 0 ? limit : 1);
      call += 1;
      return bytes;
    };
    expect(generatePassword(4, fill)).toBe(PASSWORD_ALPHABET.charAt(1).repeat(4));
    expect(call).toBe(2);
  });

  it('has no look-alike characters', () => {
    for (const char of '0O1lI') expect(PASSWORD_ALPHABET).not.toContain(char);
  });
});
