// Elements worth keeping although Readability might judge them by their class names or size.
const RICH = 'img, table, pre';
// A wrapper may hold a caption or a credit besides the element, not an article's worth of text.
const WRAPPER_TEXT_SLACK = 200;
// Page furniture: wrappers are never looked for beyond these.
const FURNITURE = new Set(['NAV', 'ASIDE', 'HEADER', 'FOOTER', 'FORM', 'BODY']);

/**
 * Prepares a page so that Readability keeps its images, tables and code blocks. Readability removes
 * elements whose class or id sounds like furniture ("media", "meta", "widget", "header", "share"),
 * which drops a figure in `<div class="media">` with the article's own picture, and it takes small
 * tables without header cells for layout. So the class and id of each such element and of the
 * wrappers around it alone (with a caption at most) are removed (the sanitiser drops them later anyway),
 * and tables of at least 2 × 2 cells get a `summary`, which Readability reads as a data table.
 */
export function keepRichContent(document: Document): void {
  for (const element of document.body.querySelectorAll(RICH)) {
    const ownText = textLength(element);
    for (
      let node: Element | null = element;
      node && !FURNITURE.has(node.tagName) && textLength(node) <= ownText + WRAPPER_TEXT_SLACK;
      node = node.parentElement
    ) {
      // Several images or tables together (a gallery, a sidebar of thumbnails) are left to Readability.
      if (node !== element && node.querySelectorAll(RICH).length > 1) break;
      node.removeAttribute('class');
      node.removeAttribute('id');
    }
  }
  for (const table of document.body.querySelectorAll('table')) {
    if (isDataTable(table as HTMLTableElement)) table.setAttribute('summary', 'data');
  }
}

function isDataTable(table: HTMLTableElement): boolean {
  if (table.getAttribute('role') === 'presentation' || table.querySelector('table')) return false;
  const columns = Math.max(
    0,
    ...[...table.rows].map((row) => [...row.cells].reduce((sum, cell) => sum + Math.max(1, cell.colSpan), 0)),
  );
  return table.rows.length >= 2 && columns >= 2;
}

const textLength = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
