const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** File sizes in B, KB, MB or GB with one decimal (SPEC.md section 9): 512 B, 1.5 KB, 1.0 GB. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
