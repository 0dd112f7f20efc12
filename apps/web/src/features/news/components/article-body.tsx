import type { Article } from '@mining-hub/contract/news';
import { useMemo } from 'react';
import { articleBody } from '../article-display.ts';
import { sanitizeArticleHtml } from '../article-html.ts';
import './article-body.css';

export const NO_CONTENT = 'No content available';

/**
 * The article's body (SPEC.md section 2): a PDF in a frame (with the text read from it once expanded), text
 * with '<' as (sanitised) HTML, other text as paragraphs, or 'No content available'.
 */
export function ArticleBody({ article }: { article: Article }) {
  const { body, html } = useMemo(() => {
    const found = articleBody(article);
    return { body: found, html: found.kind === 'html' ? sanitizeArticleHtml(found.html) : '' };
  }, [article]);

  if (body.kind === 'pdf') {
    return (
      <>
        <iframe
          src={body.url}
          title={`PDF: ${article.title}`}
          className="h-[70vh] min-h-96 w-full rounded-lg border border-slate-200 bg-slate-50"
        />
        {body.text && (
          <section aria-label="Text of the PDF" className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-800">Text of the PDF</h3>
            <Paragraphs text={body.text} />
          </section>
        )}
      </>
    );
  }
  if (body.kind === 'html') {
    // Sanitised just above with DOMPurify (and on the server before it was stored).
    return <div className="article-html" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (body.kind === 'text') return <Paragraphs text={body.text} />;
  return <p className="text-sm text-slate-500 italic">{NO_CONTENT}</p>;
}

/** Plain text as paragraphs at its blank lines, keeping its single line breaks. */
function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed whitespace-pre-line text-slate-700">
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <p key={index}>{paragraph.trim()}</p>
        ))}
    </div>
  );
}
