import createDOMPurify from 'dompurify';

// An instance of our own, so the link hook below changes no other user of DOMPurify.
const purify = createDOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  // Links in an article lead off the product; they open in a new tab without a handle back to this page.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // Images load from the web only (as the server stores them): no data:, nothing relative to the app.
  if (node.tagName === 'IMG' && !/^https?:\/\//i.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
});

/**
 * Article HTML as it may be put into the page. The server sanitises it before storing it; this second pass
 * guards against anything stored before that or by another writer. Forms, styles and embedded frames go too:
 * an article body has no business with them.
 */
export function sanitizeArticleHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
