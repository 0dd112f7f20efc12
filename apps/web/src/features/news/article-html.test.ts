import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './article-html.ts';

describe('sanitizeArticleHtml', () => {
  it('keeps article markup and drops scripts, handlers, styles and frames', () => {
    const html = sanitizeArticleHtml(
      '<p onclick="steal()">Drilling <b>results</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="https://x.example"></iframe><p style="position:fixed">x</p>',
    );
    expect(html).toContain('<p>Drilling <b>results</b></p>');
    expect(html).not.toMatch(/script|onclick|onerror|iframe|style=/);
  });

  it('opens links in a new tab without a handle back to the page, and drops javascript: links', () => {
    const html = sanitizeArticleHtml('<a href="https://x.example/pr">release</a><a href="javascript:alert(1)">bad</a>');
    expect(html).toContain('href="https://x.example/pr"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toContain('javascript:');
  });

  it('keeps figures, tables and code, with images from http(s) URLs only', () => {
    const html = sanitizeArticleHtml(
      '<figure><img src="https://cdn.example/core.jpg" alt="Core"><figcaption>Core tray</figcaption></figure>' +
        '<img src="data:image/png;base64,AAAA" alt="inline"><img src="/api/v1/users" alt="app">' +
        '<table><thead><tr><th colspan="2">Interval</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr></tbody></table>' +
        '<pre><code>cu_pct 1.20</code></pre>',
    );
    expect(html).toContain(
      '<figure><img src="https://cdn.example/core.jpg" alt="Core"><figcaption>Core tray</figcaption></figure>',
    );
    expect(html).toContain('<img alt="inline"><img alt="app">');
    expect(html).toContain('<th colspan="2">Interval</th>');
    expect(html).toContain('<td rowspan="2">1</td>');
    expect(html).toContain('<pre><code>cu_pct 1.20</code></pre>');
  });
});
