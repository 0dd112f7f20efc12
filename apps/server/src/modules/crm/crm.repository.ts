import type { BuyingIntent } from '@mining-hub/contract/articles';
import type { MiningFacts } from '@mining-hub/contract/facts';
import { sql } from 'kysely';
import { accountLateral } from '../../db/account-refs.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxAccount } from '../../db/schema.ts';

/** A pushed article with what the CRM holds of it: the outbox's company and note when the outbox took it. */
export interface PushedArticleRow {
  article_id: number;
  title: string;
  url: string | null;
  /** raw_json.link: the link the source gave. */
  source_link: string | null;
  source: string;
  company: string | null;
  ticker: string | null;
  buying_intent_score: BuyingIntent | null;
  signal_summary: string | null;
  /** The analysis's `contact_details`, as the push read them. */
  contact_details: unknown;
  crm_company_id: string | null;
  crm_contact_ids: Record<string, string>;
  crm_note_id: string | null;
  pushed_at: Date;
  pushed_by_id: number | null;
  pushed_by_name: string | null;
  outbox_company: string | null;
  outbox_domain: string | null;
  outbox_ticker: string | null;
  outbox_account: OutboxAccount | null;
  note_title: string | null;
  note_body: string | null;
  note_updated_at: Date | null;
  /** The company page its story joined (issue 34). */
  account_id: number | null;
  account_name: string | null;
}

/** Reads what was pushed to the CRM, from the articles and the local outbox tables. */
export function createCrmRepository(db: Db) {
  /** Pushed articles, of `pushedBy` only unless undefined (everyone's), newest push first. */
  function pushed(pushedBy: number | undefined) {
    return db
      .selectFrom('articles')
      .where('articles.pushed_at', 'is not', null)
      .$if(pushedBy !== undefined, (query) => query.where('articles.pushed_by', '=', pushedBy ?? 0));
  }

  function rows(pushedBy: number | undefined) {
    return pushed(pushedBy)
      .leftJoin('crm_notes', 'crm_notes.article_id', 'articles.id')
      .leftJoin('crm_companies', 'crm_companies.id', 'crm_notes.company_id')
      .leftJoin('users', 'users.id', 'articles.pushed_by')
      .leftJoinLateral(accountLateral('articles.story_id'), (join) => join.onTrue())
      .select([
        'acct.account_id',
        'acct.account_name',
        'articles.id as article_id',
        'articles.title',
        'articles.url',
        sql<string | null>`articles.raw_json ->> 'link'`.as('source_link'),
        'articles.source',
        'articles.company',
        'articles.ticker',
        'articles.buying_intent_score',
        'articles.signal_summary',
        sql<unknown>`articles.analysis -> 'contact_details'`.as('contact_details'),
        'articles.crm_company_id',
        'articles.crm_contact_ids',
        'articles.crm_note_id',
        sql<Date>`articles.pushed_at`.as('pushed_at'),
        'users.id as pushed_by_id',
        'users.name as pushed_by_name',
        'crm_companies.name as outbox_company',
        'crm_companies.domain as outbox_domain',
        'crm_companies.ticker as outbox_ticker',
        'crm_companies.account as outbox_account',
        'crm_notes.title as note_title',
        'crm_notes.body as note_body',
        'crm_notes.updated_at as note_updated_at',
      ])
      .orderBy('articles.pushed_at', 'desc')
      .orderBy('articles.id', 'desc');
  }

  return {
    async page(
      pushedBy: number | undefined,
      page: number,
      pageSize: number,
    ): Promise<{ rows: PushedArticleRow[]; total: number }> {
      const [found, count] = await Promise.all([
        rows(pushedBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        pushed(pushedBy)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirst(),
      ]);
      return { rows: found, total: Number(count?.count ?? 0) };
    },

    /** One pushed article of `pushedBy` (anyone's when undefined), or undefined. */
    one: (pushedBy: number | undefined, articleId: number): Promise<PushedArticleRow | undefined> =>
      rows(pushedBy).where('articles.id', '=', articleId).executeTakeFirst(),

    /** Every pushed article of `pushedBy` (everyone's when undefined), with its facts, for the CSV export. */
    all: (pushedBy: number | undefined): Promise<(PushedArticleRow & { facts: MiningFacts | null })[]> =>
      rows(pushedBy).select('articles.facts').execute(),
  };
}
export type CrmRepository = ReturnType<typeof createCrmRepository>;
