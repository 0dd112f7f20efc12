import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, parallelism 1.
const ARGON2ID_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** True when the password matches; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so a wrong email costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}
