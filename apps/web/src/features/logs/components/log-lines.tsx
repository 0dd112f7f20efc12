import { LINE_LEVEL_CLASSES, lineLevelOf } from '../log-line-level.ts';

export const NO_ENTRIES = 'No log entries found for the selected filters.';
export const NO_FILE = 'Select a log file to view content.';

/**
 * The entries of one page, coloured by level. Rows off screen skip layout and paint
 * (`content-visibility: auto`), so 2,000 long entries scroll smoothly without a virtual list.
 */
export function LogLines({ lines }: { lines: string[] }) {
  return (
    // Focusable, so keyboard users can scroll the entries.
    <ol
      aria-label="Log entries"
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white font-mono text-xs leading-5"
    >
      {lines.map((line, index) => {
        const level = lineLevelOf(line);
        return (
          <li
            // Entries have no id and the same text can repeat; the page's order is stable while it is shown.
            key={index}
            data-level={level ?? 'none'}
            className={`border-b border-slate-100 px-3 py-0.5 whitespace-pre-wrap wrap-anywhere [contain-intrinsic-size:auto_1.25rem] [content-visibility:auto] last:border-b-0 ${LINE_LEVEL_CLASSES[level ?? 'none']}`}
          >
            {line}
          </li>
        );
      })}
    </ol>
  );
}

export function LogEmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}
