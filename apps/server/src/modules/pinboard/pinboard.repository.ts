import type { QuickLink, QuickLinkColor, Widget, WidgetSize, WidgetType } from '@mining-hub/contract/pinboard';
import type { Db } from '../../db/client.ts';

export interface QuickLinkValues {
  label: string;
  url: string;
  color: QuickLinkColor;
  icon: string | null;
}

export interface WidgetValues {
  title: string;
  type: WidgetType;
  content: string;
  size: WidgetSize;
  grid_row: number;
  grid_col: number;
}

const QUICK_LINK_COLUMNS = ['id', 'label', 'url', 'color', 'icon'] as const;
const WIDGET_COLUMNS = ['id', 'title', 'type', 'content', 'size', 'grid_row', 'grid_col'] as const;

/** Quick links and widgets; every query is scoped to the owning user. */
export function createPinboardRepository(db: Db) {
  return {
    listQuickLinks(userId: number): Promise<QuickLink[]> {
      return db
        .selectFrom('quick_links')
        .select(QUICK_LINK_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute() as Promise<QuickLink[]>;
    },

    insertQuickLink(userId: number, values: QuickLinkValues): Promise<QuickLink> {
      return db
        .insertInto('quick_links')
        .values({ ...values, user_id: userId })
        .returning(QUICK_LINK_COLUMNS)
        .executeTakeFirstOrThrow() as Promise<QuickLink>;
    },

    updateQuickLink(userId: number, id: number, values: QuickLinkValues): Promise<QuickLink | undefined> {
      return db
        .updateTable('quick_links')
        .set(values)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(QUICK_LINK_COLUMNS)
        .executeTakeFirst() as Promise<QuickLink | undefined>;
    },

    async deleteQuickLink(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('quick_links')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    listWidgets(userId: number): Promise<Widget[]> {
      return db
        .selectFrom('widgets')
        .select(WIDGET_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute() as Promise<Widget[]>;
    },

    findWidget(userId: number, id: number): Promise<Widget | undefined> {
      return db
        .selectFrom('widgets')
        .select(WIDGET_COLUMNS)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst() as Promise<Widget | undefined>;
    },

    insertWidget(userId: number, values: WidgetValues): Promise<Widget> {
      return db
        .insertInto('widgets')
        .values({ ...values, user_id: userId })
        .returning(WIDGET_COLUMNS)
        .executeTakeFirstOrThrow() as Promise<Widget>;
    },

    async deleteWidget(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('widgets')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type PinboardRepository = ReturnType<typeof createPinboardRepository>;
