/** The predefined CMap and the standard (never embedded) CID font a CJK PDF of each script names. */
export const CJK_FONTS = {
  chinese: { font: 'STSong-Light', encoding: 'UniGB-UCS2-H', ordering: 'GB1', supplement: 2 },
  japanese: { font: 'KozMinPro-Regular-Acro', encoding: 'UniJIS-UCS2-H', ordering: 'Japan1', supplement: 4 },
} as const;

/**
 * A one-page PDF whose lines are written in a standard CJK font that is not embedded, through one of
 * Adobe's predefined UCS-2 CMaps, as Acrobat-era Chinese and Japanese filings are: a reader needs the
 * CMap files to turn its codes into characters. Lines hold characters of the Basic Multilingual Plane.
 */
export function cjkPdf(lines: string[], script: keyof typeof CJK_FONTS): Buffer {
  const { font, encoding, ordering, supplement } = CJK_FONTS[script];
  const ucs2 = (line: string) =>
    [...line].map((char) => (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')).join('');
  const content = lines.map((line, i) => `BT /F1 18 Tf 72 ${760 - i * 30} Td <${ucs2(line)}> Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    `<< /Type /Font /Subtype /Type0 /BaseFont /${font} /Encoding /${encoding} /DescendantFonts [6 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${font} /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement ${supplement} >> /FontDescriptor 7 0 R /DW 1000 >>`,
    `<< /Type /FontDescriptor /FontName /${font} /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf);
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
