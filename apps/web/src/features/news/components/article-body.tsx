import type { Article } from '@mining-hub/contract/news';
import { useMemo } from 'react';
import { articleBody } from '../article-display.ts';
import { sanitizeArticleHtml } from '../article-html.ts';

// Readable defaults for article HTML without a typography plugin: spacing, lists, links, tables, headings.
const HTML_CLASSES =
  'text-sm leading-relaxed text-slate-700 [&_a]:text-blue-700 [&_a]:underline [&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-3 [&_table]:mb-3 [&_table]:w-full [&_table]:text-xs [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-5';

export const NO_CONTENT = 'No content available';

/**
 * The article's body (SPEC.md section 2): a PDF in a frame, text with '<' as (sanitised) HTML, other text as
 * paragraphs, or 'No content available'.
 */
export function ArticleBody({ article }: { article: Article }) {
  const { body, html } = useMemo(() => {
    const found = articleBody(article);
    return { body: found, html: found.kind === 'html' ? sanitizeArticleHtml(found.html) : '' };
  }, [article]);

  if (body.kind === 'pdf') {
    return (
      <iframe
        src={body.url}
        title={`PDF: ${article.title}`}
        className="h-[70vh] min-h-96 w-full rounded-lg border border-slate-200 bg-slate-50"
      />
    );
  }
  if (body.kind === 'html') {
    // Sanitised just above with DOMPurify (and on the server before it was stored).
    return <div className={HTML_CLASSES} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (body.kind === 'text') {
    return (
      <div className="space-y-3 text-sm leading-relaxed whitespace-pre-line text-slate-700">
        {body.text
          .split(/\n\s*\n/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph, index) => (
            <p key={index}>{paragraph.trim()}</p>
          ))}
      </div>
    );
  }
  return <p className="text-sm text-slate-500 italic">{NO_CONTENT}</p>;
}
