import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUICK_LINK_DRAFT,
  EMPTY_WIDGET_DRAFT,
  INVALID_URL_MESSAGE,
  validateQuickLinkDraft,
  validateWidgetDraft,
} from './pinboard-drafts.ts';

describe('validateQuickLinkDraft', () => {
  it('asks for both label and URL when either is blank after trimming', () => {
    const message = 'Please fill in both label and URL';
    expect(validateQuickLinkDraft(EMPTY_QUICK_LINK_DRAFT)).toEqual({ ok: false, message });
    expect(validateQuickLinkDraft({ ...EMPTY_QUICK_LINK_DRAFT, label: '  ', url: 'https://a.example' })).toEqual({
      ok: false,
      message,
    });
    expect(validateQuickLinkDraft({ ...EMPTY_QUICK_LINK_DRAFT, label: 'CRM', url: '   ' })).toEqual({
      ok: false,
      message,
    });
  });

  it('trims the fields, defaults the colour to blue and sends an empty icon as null', () => {
    expect(
      validateQuickLinkDraft({ ...EMPTY_QUICK_LINK_DRAFT, label: ' CRM ', url: ' https://crm.example/x ' }),
    ).toEqual({
      ok: true,
      value: { label: 'CRM', url: 'https://crm.example/x', color: 'blue', icon: null },
    });
  });

  it('treats a bare host as https and refuses other schemes', () => {
    const draft = { ...EMPTY_QUICK_LINK_DRAFT, label: 'News', icon: '📰', color: 'green' as const };
    expect(validateQuickLinkDraft({ ...draft, url: 'mining.example' })).toEqual({
      ok: true,
      value: { label: 'News', url: 'https://mining.example', color: 'green', icon: '📰' },
    });
    expect(validateQuickLinkDraft({ ...draft, url: 'javascript:alert(1)' })).toEqual({
      ok: false,
      message: INVALID_URL_MESSAGE,
    });
    expect(validateQuickLinkDraft({ ...draft, url: 'ftp://files.example' })).toEqual({
      ok: false,
      message: INVALID_URL_MESSAGE,
    });
    expect(validateQuickLinkDraft({ ...draft, url: 'not a web address' })).toEqual({
      ok: false,
      message: INVALID_URL_MESSAGE,
    });
  });
});

describe('validateWidgetDraft', () => {
  it('asks for both title and content when either is blank after trimming', () => {
    expect(validateWidgetDraft({ ...EMPTY_WIDGET_DRAFT, title: 'Chart' })).toEqual({
      ok: false,
      message: 'Please fill in both title and content',
    });
  });

  it('defaults to a medium iframe at row 0, column 0', () => {
    expect(
      validateWidgetDraft({ ...EMPTY_WIDGET_DRAFT, title: ' Prices ', content: ' https://prices.example ' }),
    ).toEqual({
      ok: true,
      value: {
        title: 'Prices',
        type: 'iframe',
        content: 'https://prices.example',
        size: 'medium',
        grid_row: 0,
        grid_col: 0,
      },
    });
  });

  it('takes custom HTML as is but needs a web address for the other types', () => {
    const html = '<h1>Hello</h1>';
    expect(validateWidgetDraft({ title: 'Note', type: 'custom', content: html, size: 'small' })).toMatchObject({
      ok: true,
      value: { type: 'custom', content: html, size: 'small' },
    });
    expect(validateWidgetDraft({ title: 'Pic', type: 'image', content: html, size: 'large' })).toEqual({
      ok: false,
      message: INVALID_URL_MESSAGE,
    });
  });
});
