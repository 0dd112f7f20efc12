/**
 * A PostgreSQL array literal of strings ('{"Au","Cu"}'), each element quoted and escaped: one parameter for a
 * whole list, where binding its elements one by one costs PGlite's one thread more than the statement itself.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}
