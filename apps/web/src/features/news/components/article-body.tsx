import type { Article } from '@mining-hub/contract/news';
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { articleBody } from '../article-display.ts';
import { markQuote, type QuoteSpan } from '../fact-highlight.ts';
import { sanitizeArticleHtml } from '../article-html.ts';
import './article-body.css';

export const NO_CONTENT = 'No content available';

/** A fact's sentence to mark in the body (`key` names the fact, so marking another one starts afresh). */
export interface BodyHighlight extends QuoteSpan {
  key: string;
}

interface ArticleBodyProps {
  article: Article;
  highlight?: BodyHighlight | null;
  /** Told whether the highlight's sentence was found (and marked, and scrolled into view). */
  onHighlighted?: (found: boolean) => void;
}

/**
 * The article's body (SPEC.md section 2): a PDF in a frame (with the text read from it once expanded), text
 * with '<' as (sanitised) HTML, other text as paragraphs, or 'No content available'. With a highlight, the
 * fact's sentence is marked (<mark>) and scrolled into view.
 */
export function ArticleBody({ article, highlight = null, onHighlighted }: ArticleBodyProps) {
  const { body, html } = useMemo(() => {
    const found = articleBody(article);
    return { body: found, html: found.kind === 'html' ? sanitizeArticleHtml(found.html) : '' };
  }, [article]);
  const box = useRef<HTMLDivElement>(null);
  const notify = useRef(onHighlighted);
  useLayoutEffect(() => {
    notify.current = onHighlighted;
  });

  useLayoutEffect(() => {
    const root = box.current;
    if (!highlight || !root) return;
    // The offsets index the server's text; the shown text's length stands in for it (plain text: the same).
    const shownLength = (root.textContent ?? '').replace(/\s+/g, ' ').length;
    const mark = markQuote(
      root,
      highlight,
      body.kind === 'text' || body.kind === 'pdf' ? (body.text?.length ?? shownLength) : shownLength,
    );
    if (mark) {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      mark.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    }
    notify.current?.(mark !== null);
  }, [highlight, body]);

  // A table or code block wider than the modal scrolls on its own: while it does, it takes the keyboard focus
  // (arrow keys scroll it; axe's scrollable-region-focusable), and adds no Tab stop when it fits.
  useLayoutEffect(() => {
    const root = box.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      for (const element of root.querySelectorAll<HTMLElement>('table, pre')) {
        if (element.scrollWidth > element.clientWidth) element.tabIndex = 0;
        else element.removeAttribute('tabindex');
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [highlight, body, html]);

  // A new highlight (or body) remounts the text, so marks are only ever added to fresh nodes (React's own
  // nodes are never split under it). The PDF's frame stays outside, so it does not load again.
  const remount = `${highlight?.key ?? ''}:${html.length}:${body.kind === 'text' || body.kind === 'pdf' ? (body.text?.length ?? 0) : 0}`;
  const text = (content: ReactNode) => (
    <div ref={box} key={remount}>
      {content}
    </div>
  );

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
            {text(<Paragraphs text={body.text} />)}
          </section>
        )}
      </>
    );
  }
  if (body.kind === 'html') {
    // Sanitised just above with DOMPurify (and on the server before it was stored).
    return text(<div className="article-html" dangerouslySetInnerHTML={{ __html: html }} />);
  }
  if (body.kind === 'text') return text(<Paragraphs text={body.text} />);
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
