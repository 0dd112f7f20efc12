import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeArticle } from '../test/article-factory.ts';
import { ArticleBody } from './article-body.tsx';

describe('ArticleBody', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes a table wider than the modal focusable, so the keyboard can scroll it; one that fits adds no Tab stop', () => {
    // jsdom lays nothing out: the table is 900 px wide in a 300 px box, the code block fits.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'TABLE' ? 900 : 300;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { container } = render(
      <ArticleBody
        article={makeArticle({
          full_content: '<p>Results</p><table><tr><td>Hole</td><td>Au g/t</td></tr></table><pre>x = 1</pre>',
        })}
      />,
    );
    expect(container.querySelector('table')?.getAttribute('tabindex')).toBe('0');
    expect(container.querySelector('pre')?.hasAttribute('tabindex')).toBe(false);
  });
});
