import { describe, expect, it } from 'vitest';
import { absoluteArticleUrl } from './article-link.ts';

const APP = 'https://hub.example.com';

describe('absoluteArticleUrl', () => {
  it('makes a path absolute on the app origin and keeps an http(s) link', () => {
    expect(absoluteArticleUrl(['/demo-news/articles/7'], 7, APP)).toBe(`${APP}/demo-news/articles/7`);
    expect(absoluteArticleUrl(['https://wire.example/a?b=1'], 7, APP)).toBe('https://wire.example/a?b=1');
  });

  it('skips what a browser should not follow and falls back to the next link, then to the app page', () => {
    expect(absoluteArticleUrl(['javascript:alert(1)', 'http://wire.example/b'], 7, APP)).toBe('http://wire.example/b');
    expect(absoluteArticleUrl([null, '//evil.example/x', ''], 9, APP)).toBe(`${APP}/news-signals?article=9`);
  });
});
