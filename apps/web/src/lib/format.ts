const integerFormat = new Intl.NumberFormat('en-US');

/** Numbers are shown en-US style everywhere (SPEC.md section 1): 12,345. */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Jan 5, 2026, 3:04 PM', en-US like every figure on screen (SPEC.md section 1). */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** 'Jan 5, 2026'. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
