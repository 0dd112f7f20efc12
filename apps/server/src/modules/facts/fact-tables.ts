import type { Cell, Unit } from './fact-text.ts';

/**
 * Tables in a release's text: a header row (its cells say what each column holds) followed by rows of
 * cells, one row per line. A second header line that only gives units ('(m) | (m) | (g/t)') joins the first.
 */

export interface TableRow {
  unit: Unit;
  /** Cells by column of the header; undefined where the row has none. */
  values: (Cell | undefined)[];
}

export interface Table {
  header: string[];
  rows: TableRow[];
}

const HEADER_WORD =
  /\b(?:hole|drill ?hole|from|to|interval|width|length|intercept|thickness|au|ag|cu|ni|zn|pb|li2o|u3o8|aueq|cueq|category|classification|class|tonnes|tonnage|tons|grade|contained|ounces|oz|koz|moz|mt|kt|mlb|zone|deposit|cut-?off|metal)\b|g\/t|%|ppm/i;
const NUMERIC = /^[<>~±-]?\s*[\d.,]+\s*%?$/;

function isHeader(cells: Cell[]): boolean {
  const filled = cells.filter((cell) => cell.text !== '');
  const numbers = filled.filter((cell) => NUMERIC.test(cell.text)).length;
  const words = filled.filter((cell) => HEADER_WORD.test(cell.text)).length;
  return numbers === 0 && words >= 2;
}

const UNITS_ONLY = /^\(?(?:m|metres|ft|g\/t|%|ppm|ppb|oz\/t|mt|kt|koz|moz|oz|mlb|t|'000 ?t|000s|lb)\)?$/i;

/** Tables of the text, in order; each row keeps its unit (line) for the quote. */
export function tablesOf(units: readonly Unit[]): Table[] {
  const tables: Table[] = [];
  let current: Table | null = null;
  let lastLine = -1;
  for (const unit of units) {
    const cells = unit.cells;
    // A table ends at prose, or after a gap of more than one blank line (HTML rows are a blank line apart).
    if (!cells || unit.line - lastLine > 2) current = null;
    if (!cells) continue;
    lastLine = unit.line;
    if (isHeader(cells)) {
      const filled = cells.filter((cell) => cell.text !== '');
      if (current && current.rows.length === 0 && filled.every((cell) => UNITS_ONLY.test(cell.text))) {
        // '(m) | (m) | (g/t)' under 'From | To | Au': units for the header above, aligned from the right.
        const offset = current.header.length - cells.length;
        cells.forEach((cell, index) => {
          const column = index + Math.max(0, offset);
          if (cell.text && current) current.header[column] = `${current.header[column] ?? ''} ${cell.text}`.trim();
        });
        continue;
      }
      current = { header: cells.map((cell) => cell.text), rows: [] };
      tables.push(current);
      continue;
    }
    if (!current) continue;
    current.rows.push({ unit, values: align(cells, current.header.length) });
  }
  return tables;
}

function align(cells: Cell[], width: number): (Cell | undefined)[] {
  if (cells.length === width) return cells.map((cell) => (cell.text === '' ? undefined : cell));
  const filled = cells.filter((cell) => cell.text !== '');
  // A shorter row (a PDF row whose blank hole cell vanished, an 'incl.' row) lines up on the right.
  if (filled.length < width) return [...Array<undefined>(width - filled.length).fill(undefined), ...filled];
  return filled.slice(0, width);
}

/** Index of the first header matching `pattern` and none of `unless`, or -1. */
export function column(header: readonly string[], pattern: RegExp, unless?: RegExp): number {
  return header.findIndex((name) => pattern.test(name) && !(unless?.test(name) ?? false));
}
