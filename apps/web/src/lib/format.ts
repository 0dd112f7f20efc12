const integerFormat = new Intl.NumberFormat('en-US');

/** Numbers are shown en-US style everywhere (SPEC.md section 1): 12,345. */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}
