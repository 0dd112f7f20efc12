import sanitizeHtml from 'sanitize-html';

// Formatting and tables survive; scripts, styles, event handlers, iframes and non-http(s) links do not.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'sub',
    'sup',
    'small',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Article HTML made safe to store and serve; plain text passes through unchanged (apart from escaping). */
export function sanitizeArticleHtml(html: string | null): string | null {
  if (html === null) return null;
  return html.includes('<') ? sanitizeHtml(html, OPTIONS) : html;
}

/** Plain text of an HTML fragment (descriptions, classifier input). */
export function htmlToText(html: string | null): string | null {
  if (html === null) return null;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
