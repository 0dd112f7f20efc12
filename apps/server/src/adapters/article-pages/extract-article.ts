import { createRequire } from 'node:module';
import path from 'node:path';
import { Readability } from '@mozilla/readability';
import { extractText, getDocumentProxy } from 'unpdf';
import { htmlToText, sanitizeArticleHtml } from '../../lib/article-html.ts';
import { decodeText } from '../../lib/decode-text.ts';
import { keepRichContent } from './keep-rich-content.ts';

export interface ExtractedArticle {
  /** A short plain-text summary of the page (its lead). */
  expandedDescription: string;
  /** The main text: sanitised HTML for web pages, plain text for PDFs. */
  fullContent: string;
}

const LEAD_CHARS = 600;

// pdf.js reads Chinese, Japanese and Korean text through Adobe's character maps, and fonts a PDF names
// without embedding them from its standard fonts: both ship in pdfjs-dist (the version unpdf bundles).
// Node's reader takes file paths, not file: URLs (which unpdf's own default gives, and cannot load).
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDF_RESOURCES = {
  cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
  cMapPacked: true,
  standardFontDataUrl: path.join(PDFJS_DIR, 'standard_fonts') + path.sep,
};

const lead = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= LEAD_CHARS) return clean;
  const cut = clean.slice(0, LEAD_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf('. ') + 1, cut.lastIndexOf(' ')))}…`;
};

/**
 * The main text of a fetched page: Readability for HTML, the PDF's text layer for PDFs. Text is decoded
 * with the charset of `contentTypeHeader` (the whole header) or what the page itself declares.
 */
export async function extractArticle(
  body: Buffer,
  contentType: string,
  url: string,
  contentTypeHeader: string = contentType,
): Promise<ExtractedArticle> {
  if (contentType === 'application/pdf') {
    const pdf = await getDocumentProxy(new Uint8Array(body), PDF_RESOURCES);
    const { text } = await extractText(pdf, { mergePages: true });
    const fullText = text.trim();
    if (!fullText) throw new Error('the PDF has no text layer');
    return { expandedDescription: lead(fullText), fullContent: fullText };
  }
  if (contentType === 'text/plain') {
    const fullText = decodeText(body, contentTypeHeader, 'text').text.trim();
    return { expandedDescription: lead(fullText), fullContent: fullText };
  }
  // jsdom is loaded on the first page, not at every server start (it takes half a second to load).
  const { JSDOM, VirtualConsole } = await import('jsdom');
  // A quiet console: page scripts and CSS are never run, but jsdom would report what it cannot parse.
  const dom = new JSDOM(decodeText(body, contentTypeHeader).text, { url, virtualConsole: new VirtualConsole() });
  keepRichContent(dom.window.document);
  const parsed = new Readability(dom.window.document).parse();
  dom.window.close();
  const html = sanitizeArticleHtml(parsed?.content ?? null);
  const text = parsed?.textContent?.trim() || htmlToText(html) || '';
  if (!html || !text) throw new Error('no article text found on the page');
  return { expandedDescription: lead(parsed?.excerpt?.trim() || text), fullContent: html };
}
