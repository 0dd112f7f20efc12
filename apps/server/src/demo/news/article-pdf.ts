import type { DemoArticle } from './demo-corpus.ts';
import { htmlToText } from '../../lib/article-html.ts';

const PAGE = { width: 612, height: 792, margin: 56 };
const FONT_SIZE = 11;
const LINE_HEIGHT = 15;

/** A real, text-extractable PDF of a demo press release (what the expand step's PDF reader gets). */
export async function renderArticlePdf(article: DemoArticle): Promise<Uint8Array> {
  // Loaded when first needed, not at every server start.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(article.title);
  pdf.setAuthor(article.company.name);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  // Helvetica covers WinAnsi only: typographic punctuation becomes its ASCII twin, anything else '?'.
  const printable = (text: string) =>
    text
      .replace(/[\u201C\u201D]/g, '"')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u2013\u2014\u2022]/g, '-')
      .replace(/\u2153/g, '1/3')
      .replace(/\u2154/g, '2/3')
      .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  const wrap = (text: string, size: number, face: typeof font) => {
    const lines: string[] = [];
    let line = '';
    for (const word of printable(text).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (face.widthOfTextAtSize(candidate, size) > maxWidth && line) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines;
  };

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (lines: string[], size: number, face: typeof font) => {
    for (const line of lines) {
      if (y < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size, font: face });
      y -= size + 4;
    }
  };
  write(wrap(article.title, 15, bold), 15, bold);
  y -= LINE_HEIGHT / 2;
  const paragraphs = (
    article.content.includes('<') ? article.content.replace(/<\/(p|li|tr|h\d)>/gi, '\n\n') : article.content
  )
    .split(/\n{2,}/)
    .map((paragraph) => htmlToText(paragraph) ?? '')
    .filter(Boolean);
  for (const paragraph of paragraphs) {
    write(wrap(paragraph, FONT_SIZE, font), FONT_SIZE, font);
    y -= LINE_HEIGHT / 2;
  }
  return pdf.save();
}
