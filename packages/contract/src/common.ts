import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

/** `{success: true}` acknowledgement for calls whose response the spec leaves open. */
export const okSchema = z.object({ success: z.literal(true) });

/** Wraps a payload the way the spec's `{success, data}` responses do. */
export const successData = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A row id: the database's ids are 32-bit, so a larger number names nothing (a 4xx, never a query). */
export const rowIdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * The account (issue 34, a company page at `/companies/{id}`) an article's story joined, the survivor when that
 * company was merged; null when the story joined none. Signals, news, CRM records and bell items carry it.
 */
export const accountRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
export type AccountRef = z.infer<typeof accountRefSchema>;

/** Integer ids in paths (`/things/{id}`). */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** An http(s) URL: the only schemes a link, image, video or iframe may point at. */
export const httpUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine(isHttpUrl, { message: 'must be an http(s) URL' });

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The Chromium the scraper renders JavaScript-only project pages in (`CHROMIUM_PATH`), as this process finds it.
 * Missing is not unhealthy: runs go on, skipping only the pages that need a browser.
 */
export const browserHealthSchema = z.object({
  status: z.enum(['available', 'missing']),
  path: z.string(),
  /** Why it is missing and how to install it; null when available. */
  detail: z.string().nullable(),
});
export type BrowserHealth = z.infer<typeof browserHealthSchema>;

/** A dependency the server cannot serve without; `down` makes /health answer 503 naming it. */
export const dependencyStateSchema = z.enum(['up', 'down']);
export type DependencyState = z.infer<typeof dependencyStateSchema>;

// The server always reports the database and the browser; the web app's liveness check reads only `status`.
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: dependencyStateSchema.optional(),
  browser: browserHealthSchema.optional(),
});

/** /health's 503: which dependency is down (the web app's live badge says so), beside `{detail, code}`. */
export const healthUnavailableSchema = errorBodySchema.extend({
  status: z.literal('unavailable'),
  database: dependencyStateSchema,
  browser: browserHealthSchema.optional(),
});
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;
