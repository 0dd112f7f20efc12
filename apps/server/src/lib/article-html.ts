import sanitizeHtml from 'sanitize-html';

// Formatting, headings, lists, tables, figures with their images and captions, and code blocks survive;
// scripts, styles, event handlers, iframes, forms and links other than http(s)/mailto do not.
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
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'abbr',
    'cite',
    'q',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'figure',
    'figcaption',
    'img',
    'pre',
    'code',
    'kbd',
    'samp',
    'a',
    'span',
    'div',
  ],
  allowedAttributes: {
    // rel and target are always the transform's below, never the page's.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only from absolute http(s) URLs: no data:, no relative or protocol-relative ones (they would load from the app).
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const absolute = src !== undefined && /^https?:\/\//i.test(src.trim());
      return { tagName, attribs: { ...rest, ...(absolute ? { src } : {}), loading: 'lazy' } };
    },
  },
  // An image left without a source would show as a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
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
