import type { QuickLink, Widget } from '@mining-hub/contract/pinboard';
import { conflict, notFound } from '../../errors.ts';
import type { PinboardRepository, QuickLinkValues, WidgetValues } from './pinboard.repository.ts';

// Enough for any real board; stops a script from filling the database through one account.
export const PINBOARD_LIMITS = { quickLinks: 200, widgets: 60 };

/** A user's pin board: quick links and embedded-content widgets. Another user's ids answer 404. */
export function createPinboardService(repository: PinboardRepository) {
  return {
    listQuickLinks: (userId: number) => repository.listQuickLinks(userId),

    async addQuickLink(userId: number, values: QuickLinkValues): Promise<QuickLink> {
      const existing = await repository.listQuickLinks(userId);
      if (existing.length >= PINBOARD_LIMITS.quickLinks) throw limitReached('quick links', PINBOARD_LIMITS.quickLinks);
      return repository.insertQuickLink(userId, values);
    },

    async updateQuickLink(userId: number, id: number, values: QuickLinkValues): Promise<QuickLink> {
      const updated = await repository.updateQuickLink(userId, id, values);
      if (!updated) throw notFound(`Quick link ${id} not found`);
      return updated;
    },

    async deleteQuickLink(userId: number, id: number): Promise<void> {
      if (!(await repository.deleteQuickLink(userId, id))) throw notFound(`Quick link ${id} not found`);
    },

    listWidgets: (userId: number) => repository.listWidgets(userId),

    async addWidget(userId: number, values: WidgetValues): Promise<Widget> {
      const existing = await repository.listWidgets(userId);
      if (existing.length >= PINBOARD_LIMITS.widgets) throw limitReached('widgets', PINBOARD_LIMITS.widgets);
      return repository.insertWidget(userId, values);
    },

    /** The HTML of one of the user's custom widgets, for its sandboxed frame. */
    async getCustomWidgetHtml(userId: number, id: number): Promise<string> {
      const widget = await repository.findWidget(userId, id);
      if (widget?.type !== 'custom') throw notFound(`Widget ${id} not found`);
      return widget.content;
    },

    async deleteWidget(userId: number, id: number): Promise<void> {
      if (!(await repository.deleteWidget(userId, id))) throw notFound(`Widget ${id} not found`);
    },
  };
}
export type PinboardService = ReturnType<typeof createPinboardService>;

const limitReached = (what: string, limit: number) =>
  conflict(`A pin board holds at most ${limit} ${what}; delete some first`);
