import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { extractText, getDocumentProxy } from 'unpdf';
import { htmlToText, sanitizeArticleHtml } from '../../lib/article-html.ts';

export interface ExtractedArticle {
  /** A short plain-text summary of the page (its lead). */
  expandedDescription: string;
  /** The main text: sanitised HTML for web pages, plain text for PDFs. */
  fullContent: string;
}

const LEAD_CHARS = 600;

const lead = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= LEAD_CHARS) return clean;
  const cut = clean.slice(0, LEAD_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf('. ') + 1, cut.lastIndexOf(' ')))}…`;
};

/** The main text of a fetched page: Readability for HTML, the PDF's text layer for PDFs. */
export async function extractArticle(body: Buffer, contentType: string, url: string): Promise<ExtractedArticle> {
  if (contentType === 'application/pdf') {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { text } = await extractText(pdf, { mergePages: true });
    const fullText = text.trim();
    if (!fullText) throw new Error('the PDF has no text layer');
    return { expandedDescription: lead(fullText), fullContent: fullText };
  }
  if (contentType === 'text/plain') {
    const fullText = body.toString('utf8').trim();
    return { expandedDescription: lead(fullText), fullContent: fullText };
  }
  // A quiet console: page scripts and CSS are never run, but jsdom would report what it cannot parse.
  const dom = new JSDOM(body.toString('utf8'), { url, virtualConsole: new VirtualConsole() });
  const parsed = new Readability(dom.window.document).parse();
  dom.window.close();
  const html = sanitizeArticleHtml(parsed?.content ?? null);
  const text = parsed?.textContent?.trim() || htmlToText(html) || '';
  if (!html || !text) throw new Error('no article text found on the page');
  return { expandedDescription: lead(parsed?.excerpt?.trim() || text), fullContent: html };
}
