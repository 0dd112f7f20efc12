import { escapeHtml } from '../../../lib/html.ts';

/* A release body as blocks, rendered to HTML or to plain text, and the number formats it uses. */

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'h'; text: string }
  | { kind: 'ul'; items: readonly string[] }
  | { kind: 'table'; head: readonly string[]; rows: readonly (readonly string[])[]; note?: string }
  /** Lines kept together, such as one person in a contact block. */
  | { kind: 'lines'; lines: readonly string[] };

export const p = (text: string): Block => ({ kind: 'p', text });
export const h = (text: string): Block => ({ kind: 'h', text });
export const ul = (items: readonly string[]): Block => ({ kind: 'ul', items });

/** Email addresses become mailto links, as wire services print them. */
const linkEmails = (html: string) =>
  html.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, (e) => `<a href="mailto:${e}">${e}</a>`);

export function renderHtml(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'p':
          return `<p>${linkEmails(escapeHtml(block.text))}</p>`;
        case 'h':
          return `<p><strong>${escapeHtml(block.text)}</strong></p>`;
        case 'ul':
          return `<ul>\n${block.items.map((item) => `  <li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;
        case 'lines':
          return `<p>${block.lines.map((line) => linkEmails(escapeHtml(line))).join('<br>')}</p>`;
        case 'table': {
          const head = block.head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('');
          const rows = block.rows
            .map((row) => `    <tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
            .join('\n');
          const table = `<table>\n  <thead><tr>${head}</tr></thead>\n  <tbody>\n${rows}\n  </tbody>\n</table>`;
          return block.note ? `${table}\n<p><em>${escapeHtml(block.note)}</em></p>` : table;
        }
      }
      return '';
    })
    .join('\n');
}

/** Length once date tokens are resolved ('{{yy:0}}' prints as '26'), so text tables line up. */
function visibleLength(text: string): number {
  const widths: Record<string, number> = { yy: 2, yr: 4, q: 7 };
  return text.replace(/\{\{(\w+):-?\d+\}\}/g, (_, kind: string) => 'x'.repeat(widths[kind] ?? 10)).length;
}

export function renderText(blocks: readonly Block[], bullet = '•'): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'p':
        case 'h':
          return block.text;
        case 'ul':
          return block.items.map((item) => `${bullet} ${item}`).join('\n');
        case 'lines':
          return block.lines.join('\n');
        case 'table': {
          const all = [block.head, ...block.rows];
          const widths = block.head.map((_, i) => Math.max(...all.map((row) => visibleLength(row[i] ?? ''))));
          const line = (row: readonly string[]) =>
            row
              .map((cell, i) => cell + ' '.repeat(Math.max(0, (widths[i] ?? 0) - visibleLength(cell))))
              .join('  ')
              .trimEnd();
          const rule = widths.map((w) => '-'.repeat(w)).join('  ');
          const table = [line(block.head), rule, ...block.rows.map(line)].join('\n');
          return block.note ? `${table}\n${block.note}` : table;
        }
      }
      return '';
    })
    .join('\n\n');
}

const formats = new Map<number, Intl.NumberFormat>();

/** en-US number with exactly `decimals` decimals: 15000 → '15,000'. */
export function num(value: number, decimals = 0): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}

/** Rounds to a 'nice' figure for money and tonnages: 12,345,678 → 12,300,000. */
export function roundTo(value: number, significant: number): number {
  if (value === 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(Math.abs(value))) - significant + 1);
  return Math.round(value / magnitude) * magnitude;
}
