/** Letters and digits without the look-alikes (0/O, 1/l/I), so a password read aloud or copied by hand survives. */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const GENERATED_PASSWORD_LENGTH = 20;

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/**
 * A random password from the browser's CSPRNG (about 116 bits at 20 characters). Bytes at or above the
 * largest multiple of the alphabet's size are skipped, so every character is equally likely.
 */
export function generatePassword(
  length = GENERATED_PASSWORD_LENGTH,
  fill: RandomFill = (bytes) => crypto.getRandomValues(bytes),
): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let password = '';
  while (password.length < length) {
    for (const byte of fill(new Uint8Array(length * 2))) {
      if (byte < limit && password.length < length) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    }
  }
  return password;
}
