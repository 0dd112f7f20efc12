import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the characters that end text or a double-quoted attribute', () => {
    expect(escapeHtml('drill <contractors> & "assays"')).toBe('drill &lt;contractors&gt; &amp; &quot;assays&quot;');
  });

  it('escapes an ampersand once, so existing entities are shown as written', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('leaves plain text alone', () => {
    expect(escapeHtml("O'Brien Gold — 2.5 g/t")).toBe("O'Brien Gold — 2.5 g/t");
  });
});
