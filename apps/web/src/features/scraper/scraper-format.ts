const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

// ICU puts a narrow no-break space before AM/PM; a plain one reads the same and matches what people type and search.
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

/** 'Nov 22, 2026, 9:04 AM' in the browser's zone, en-US like every figure on screen (SPEC.md section 1). */
export const formatDateTime = (value: string | Date) => plainSpaces(dateTimeFormat.format(new Date(value)));

/** A file's modified time, given in epoch seconds. */
export const formatModified = (epochSeconds: number) => formatDateTime(new Date(epochSeconds * 1000));

/** How long until `target`, roughly: 'less than a minute', '12 min', '2 h 5 min'. */
export function formatRemaining(target: Date, now: Date): string {
  const minutes = Math.round((target.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The estimated completion: clock time, with the time left when it is today, e.g. '3:04 PM (in 12 min)'. */
export function formatEstimate(iso: string, now: Date): string {
  const target = new Date(iso);
  const sameDay = target.toDateString() === now.toDateString();
  const when = sameDay ? plainSpaces(timeFormat.format(target)) : formatDateTime(target);
  return `${when} (in ${formatRemaining(target, now)})`;
}

/** Percentages on screen: whole numbers, clamped to 0–100. */
export const wholePercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
