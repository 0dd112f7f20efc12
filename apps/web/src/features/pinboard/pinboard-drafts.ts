import { isHttpUrl } from '@mining-hub/contract/common';
import type {
  QuickLink,
  QuickLinkColor,
  QuickLinkInput,
  WidgetInput,
  WidgetSize,
  WidgetType,
} from '@mining-hub/contract/pinboard';

export const QUICK_LINK_REQUIRED_MESSAGE = 'Please fill in both label and URL';
export const WIDGET_REQUIRED_MESSAGE = 'Please fill in both title and content';
export const INVALID_URL_MESSAGE = 'Please enter a valid web address starting with http:// or https://';

export type DraftResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** What the quick-link form holds while the user types. */
export interface QuickLinkDraft {
  label: string;
  url: string;
  color: QuickLinkColor;
  icon: string;
}

export const EMPTY_QUICK_LINK_DRAFT: QuickLinkDraft = { label: '', url: '', color: 'blue', icon: '' };

export function draftFromQuickLink(link: QuickLink): QuickLinkDraft {
  return { label: link.label, url: link.url, color: link.color, icon: link.icon ?? '' };
}

/** Trims and checks the form (SPEC.md section 5); on success returns the payload for the API. */
export function validateQuickLinkDraft(draft: QuickLinkDraft): DraftResult<QuickLinkInput> {
  const label = draft.label.trim();
  const url = draft.url.trim();
  if (!label || !url) return { ok: false, message: QUICK_LINK_REQUIRED_MESSAGE };
  const normalisedUrl = withScheme(url);
  if (!isWebAddress(normalisedUrl)) return { ok: false, message: INVALID_URL_MESSAGE };
  const icon = draft.icon.trim();
  return { ok: true, value: { label, url: normalisedUrl, color: draft.color, icon: icon === '' ? null : icon } };
}

export interface WidgetDraft {
  title: string;
  type: WidgetType;
  content: string;
  size: WidgetSize;
}

export const EMPTY_WIDGET_DRAFT: WidgetDraft = { title: '', type: 'iframe', content: '', size: 'medium' };

/** Trims and checks the widget form; iframe, image and video widgets need a web address, custom ones take HTML. */
export function validateWidgetDraft(draft: WidgetDraft): DraftResult<WidgetInput> {
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!title || !content) return { ok: false, message: WIDGET_REQUIRED_MESSAGE };
  let finalContent = content;
  if (draft.type !== 'custom') {
    finalContent = withScheme(content);
    if (!isWebAddress(finalContent)) return { ok: false, message: INVALID_URL_MESSAGE };
  }
  // The board has no drag-and-drop placement yet; every widget is sent at row 0, column 0 as the spec says.
  return {
    ok: true,
    value: { title, type: draft.type, content: finalContent, size: draft.size, grid_row: 0, grid_col: 0 },
  };
}

/**
 * The contract's http(s) check, plus no whitespace: Chrome's URL parser accepts 'https://a b' (escaping the
 * space) where the server's refuses it, and the user should hear about that here rather than get a failed save.
 */
function isWebAddress(url: string): boolean {
  return !/\s/.test(url) && isHttpUrl(url);
}

/** People type 'example.com'; treat a bare host as https. */
function withScheme(url: string): string {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}
