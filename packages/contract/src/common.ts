import { z } from 'zod';

/** `{success: true}` acknowledgement for calls whose response the spec leaves open. */
export const okSchema = z.object({ success: z.literal(true) });

/** Wraps a payload the way the spec's `{success, data}` responses do. */
export const successData = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

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

export const healthSchema = z.object({ status: z.literal('ok') });
