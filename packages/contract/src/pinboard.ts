import { z } from 'zod';
import { httpUrlSchema, isHttpUrl, successData } from './common.ts';

export const QUICK_LINK_COLORS = ['blue', 'sky', 'green', 'purple', 'orange', 'red', 'gray'] as const;
export const quickLinkColorSchema = z.enum(QUICK_LINK_COLORS);
export type QuickLinkColor = z.infer<typeof quickLinkColorSchema>;

export const quickLinkInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  url: httpUrlSchema,
  color: quickLinkColorSchema.default('blue'),
  icon: z.string().trim().max(16).nullish(),
});
export type QuickLinkInput = z.input<typeof quickLinkInputSchema>;

export const quickLinkSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  url: z.string(),
  color: quickLinkColorSchema,
  icon: z.string().nullable(),
});
export type QuickLink = z.infer<typeof quickLinkSchema>;

export const WIDGET_TYPES = ['iframe', 'image', 'video', 'custom'] as const;
export const widgetTypeSchema = z.enum(WIDGET_TYPES);
export type WidgetType = z.infer<typeof widgetTypeSchema>;

export const WIDGET_SIZES = ['small', 'medium', 'large'] as const;
export const widgetSizeSchema = z.enum(WIDGET_SIZES);
export type WidgetSize = z.infer<typeof widgetSizeSchema>;

/** Grid columns a widget spans on the 3-column board (SPEC.md section 9). */
export const WIDGET_SIZE_COLUMNS: Record<WidgetSize, number> = { small: 1, medium: 2, large: 3 };

export const widgetInputSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    type: widgetTypeSchema.default('iframe'),
    content: z.string().trim().min(1).max(20_000),
    size: widgetSizeSchema.default('medium'),
    grid_row: z.number().int().min(0).max(1000).default(0),
    grid_col: z.number().int().min(0).max(2).default(0),
  })
  .refine((widget) => widget.type === 'custom' || isHttpUrl(widget.content), {
    message: 'must be an http(s) URL for iframe, image and video widgets',
    path: ['content'],
  });
export type WidgetInput = z.input<typeof widgetInputSchema>;

export const widgetSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: widgetTypeSchema,
  content: z.string(),
  size: widgetSizeSchema,
  grid_row: z.number().int(),
  grid_col: z.number().int(),
});
export type Widget = z.infer<typeof widgetSchema>;

export const quickLinkListResponseSchema = successData(z.array(quickLinkSchema));
export const quickLinkResponseSchema = successData(quickLinkSchema);
export const widgetListResponseSchema = successData(z.array(widgetSchema));
export const widgetResponseSchema = successData(widgetSchema);
