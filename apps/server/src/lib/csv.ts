import { stringify } from 'csv-stringify/sync';

export interface CsvColumn<Key extends string> {
  key: Key;
  header: string;
}

/**
 * Records as CSV (RFC 4180: CRLF line ends, fields with commas, quotes or line breaks quoted, quotes
 * doubled) with a header row; cells that a spreadsheet would run as formulas are defused.
 */
export function toCsv<Key extends string>(records: Record<Key, string>[], columns: readonly CsvColumn<Key>[]): string {
  return stringify(records.map(defuseFormulas), {
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    record_delimiter: 'windows',
  });
}

/**
 * Spreadsheets run a cell that starts with = + - @ as a formula, and the text comes from news articles;
 * a leading apostrophe (OWASP's advice for CSV injection) keeps it text.
 */
function defuseFormulas(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, /^[=+\-@\t\r]/.test(value) ? `'${value}` : value]),
  );
}
