import { z } from 'zod';

/**
 * The daily digest (issue 35): one e-mail a day, at the hour the user chose in their time zone, with the new
 * High and Very High signals of their watches and of the accounts they own.
 */
export const digestSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Local hour of the day, 0-23, in `time_zone`. */
  hour: z.number().int().min(0).max(23),
  /** An IANA time zone name, e.g. "Australia/Perth". */
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .refine((zone) => isTimeZone(zone), { message: 'not a known time zone' }),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

/** `GET` and `PUT /digest/settings`: the user's own settings, and where the digest goes. */
export const digestSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: digestSettingsSchema.extend({ email: z.string().nullable() }),
});

/**
 * `GET /digest/unsubscribe` (a page asking to confirm) and `POST /digest/unsubscribe` (turns the digest off): the
 * token from the link in a digest, in the query string; both work without signing in.
 */
export const digestUnsubscribeRequestSchema = z.object({ token: z.string().min(16).max(200) });

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
