import { WIDGET_SIZE_COLUMNS, type QuickLinkColor, type WidgetSize } from '@mining-hub/contract/pinboard';

// Full class names (not built from parts) so Tailwind's scanner finds them.
export const QUICK_LINK_COLOR_CLASSES: Record<QuickLinkColor, string> = {
  blue: 'bg-blue-600 hover:bg-blue-700 focus-visible:outline-blue-600',
  sky: 'bg-sky-500 hover:bg-sky-600 focus-visible:outline-sky-500',
  green: 'bg-green-600 hover:bg-green-700 focus-visible:outline-green-600',
  purple: 'bg-purple-600 hover:bg-purple-700 focus-visible:outline-purple-600',
  orange: 'bg-orange-500 hover:bg-orange-600 focus-visible:outline-orange-500',
  red: 'bg-red-600 hover:bg-red-700 focus-visible:outline-red-600',
  gray: 'bg-slate-600 hover:bg-slate-700 focus-visible:outline-slate-600',
};

const COLUMN_SPAN_CLASSES: Record<number, string> = {
  1: 'md:col-span-1',
  2: 'md:col-span-2',
  3: 'md:col-span-3',
};

/** Column span of a widget on the 3-column board; one column on phones. */
export function widgetSpanClass(size: WidgetSize): string {
  return COLUMN_SPAN_CLASSES[WIDGET_SIZE_COLUMNS[size]] ?? 'md:col-span-1';
}
