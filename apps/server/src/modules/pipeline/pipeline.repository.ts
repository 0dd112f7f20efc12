import { sql } from 'kysely';
import { buyingIntentSchema, type ArticleStatus, type BuyingIntent } from '@mining-hub/contract/articles';
import type { MiningFacts } from '@mining-hub/contract/facts';
import type { BatchMode } from '@mining-hub/contract/pipeline';
import type { CrmProjectRecord } from '../../adapters/crm/crm-adapter.ts';
import type { Db } from '../../db/client.ts';
import { clip } from '../../lib/text.ts';
import type { StoredFacts } from '../facts/facts.service.ts';
import { createCompanyLock } from './company-lock.ts';

export type PipelineStep = 'expand' | 'analyse' | 'push';

/** What the steps read of an article. */
export interface PipelineArticle {
  id: number;
  title: string;
  source: string;
  url: string | null;
  description: string | null;
  content: string | null;
  full_content: string | null;
  article_type: string;
  pdf_iframe_url: string | null;
  published_at: Date | null;
  company: string | null;
  ticker: string | null;
  status: string;
  analysis: Record<string, unknown> | null;
  crm_company_id: string | null;
  crm_contact_ids: Record<string, string>;
  crm_note_id: string | null;
  /** The facts read when the article was expanded (migration 018); null before. */
  facts: MiningFacts | null;
}

const STEP_COLUMNS = [
  'id',
  'title',
  'source',
  'url',
  'description',
  'content',
  'full_content',
  'article_type',
  'pdf_iframe_url',
  'published_at',
  'company',
  'ticker',
  'status',
  'analysis',
  'crm_company_id',
  'crm_contact_ids',
  'crm_note_id',
  'facts',
] as const;

/**
 * What list pages show of an analysis, copied beside it (migration 011): the intent when it is one of the
 * scale's levels, its reasons when the answer has a list of them, the summary when it is text.
 */
export function listedAnalysis(analysis: Record<string, unknown>): {
  buying_intent_score: BuyingIntent | null;
  intent_reasons: string[];
  signal_summary: string | null;
} {
  const intent = buyingIntentSchema.safeParse(analysis.buying_intent_score);
  const reasons = Array.isArray(analysis.intent_reasons) ? analysis.intent_reasons : [];
  const summary = analysis.signal_summary;
  return {
    buying_intent_score: intent.success ? intent.data : null,
    intent_reasons: reasons
      .filter((reason): reason is string => typeof reason === 'string' && reason.trim() !== '')
      .slice(0, MAX_LISTED_REASONS)
      .map((reason) => clip(reason.trim(), 200)),
    signal_summary: typeof summary === 'string' && summary.trim() !== '' ? clip(summary.trim(), 600) : null,
  };
}
const MAX_LISTED_REASONS = 8;

/** Article step claims and results, and batches. */
export function createPipelineRepository(db: Db) {
  const finish = (id: number, values: Record<string, unknown>) =>
    db
      .updateTable('articles')
      .set({ ...values, step_running: null, step_started_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();

  return {
    /** Runs work holding one CRM company key's lock, in every process on this database. */
    withCompanyLock: createCompanyLock(db),

    /**
     * Claims an article for a step when its status allows the step and no other run holds it (a claim not
     * refreshed for `staleAfterMs`, by the database's clock, belonged to a process that died). Compare-and-set,
     * so only one caller wins.
     */
    async claim(
      id: number,
      step: PipelineStep,
      allowed: ArticleStatus[],
      staleAfterMs: number,
    ): Promise<PipelineArticle | undefined> {
      const row = await db
        .updateTable('articles')
        .set({ step_running: step, step_started_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'in', allowed)
        .where((eb) =>
          eb.or([
            eb('step_running', 'is', null),
            eb('step_started_at', '<', sql<Date>`now() - ${staleAfterMs} * interval '1 millisecond'`),
          ]),
        )
        .returning(STEP_COLUMNS)
        .executeTakeFirst();
      return row as PipelineArticle | undefined;
    },

    /** Keeps a running step's claim fresh, so only a claim of a dead process ever looks stale. */
    async touchClaim(id: number, step: PipelineStep): Promise<void> {
      await db
        .updateTable('articles')
        .set({ step_started_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('step_running', '=', step)
        .execute();
    },

    /** Drops every claim: only safe when this process is the database's only user (embedded PGlite). */
    async releaseAllClaims(): Promise<number> {
      const result = await db
        .updateTable('articles')
        .set({ step_running: null, step_started_at: null })
        .where('step_running', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async status(id: number): Promise<{ status: string; step_running: string | null } | undefined> {
      return db.selectFrom('articles').select(['status', 'step_running']).where('id', '=', id).executeTakeFirst();
    },

    release: (id: number) => finish(id, {}),

    fail: (id: number, status: ArticleStatus, reason: string) =>
      finish(id, { status, failure_reason: reason.slice(0, 2000) }),

    /** The expanded text, with the facts read from it (whatever analyser runs next). */
    expanded: (id: number, values: { expanded_description: string; full_content: string; facts: StoredFacts }) =>
      finish(id, {
        expanded_description: values.expanded_description,
        full_content: values.full_content,
        facts: JSON.stringify(values.facts.facts),
        facts_version: values.facts.version,
        fact_headline: values.facts.headline,
        fact_tags: values.facts.tags,
        status: 'expanded',
        failure_reason: null,
      }),

    analysed: (
      id: number,
      values: { analysis: Record<string, unknown>; promptId: number; promptVersion: number; promptUpdatedAt: Date },
    ) =>
      finish(id, {
        status: 'summarised',
        failure_reason: null,
        analysis: JSON.stringify(values.analysis),
        ...listedAnalysis(values.analysis),
        analysis_prompt_id: values.promptId,
        analysis_prompt_version: values.promptVersion,
        analysis_prompt_updated_at: values.promptUpdatedAt,
        analysed_at: sql<Date>`now()`,
      }),

    /** Stores CRM ids as soon as the CRM gave them, so a retry updates instead of creating again. */
    async crmIds(
      id: number,
      ids: { companyId: string; contactIds: Record<string, string>; noteId: string | null },
    ): Promise<void> {
      await db
        .updateTable('articles')
        .set({
          crm_company_id: ids.companyId,
          crm_contact_ids: JSON.stringify(ids.contactIds),
          crm_note_id: ids.noteId,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The article's status and CRM ids as stored now (a push reads them again under its company's lock). */
    pushState(id: number) {
      return db
        .selectFrom('articles')
        .select(['status', 'crm_company_id', 'crm_contact_ids', 'crm_note_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The company id `crm` gave the last push of this company key, if any. */
    async crmCompanyOfKey(crm: string, companyKey: string): Promise<string | null> {
      const row = await db
        .selectFrom('crm_company_keys')
        .select('company_id')
        .where('crm', '=', crm)
        .where('company_key', '=', companyKey)
        .executeTakeFirst();
      return row?.company_id ?? null;
    },

    /** What earlier pushes wrote for these projects in this CRM (crm_project_records), by project id. */
    async crmProjectRecords(crm: string, projectIds: number[]): Promise<Map<number, CrmProjectRecord>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('crm_project_records')
        .select(['project_id', 'kind', 'crm_id', 'hash'])
        .where('crm', '=', crm)
        .where('project_id', 'in', projectIds)
        .execute();
      return new Map(
        rows.map((row) => [
          row.project_id,
          { projectId: row.project_id, kind: row.kind, crmId: row.crm_id, hash: row.hash },
        ]),
      );
    },

    /** Keeps what a push (or a failed one, partly) wrote per project; a project deleted meanwhile is skipped. */
    async rememberCrmProjects(crm: string, records: CrmProjectRecord[]): Promise<void> {
      for (const record of records) {
        await db
          .insertInto('crm_project_records')
          .columns(['crm', 'project_id', 'kind', 'crm_id', 'hash'])
          .expression((eb) =>
            eb
              .selectFrom('projects')
              .select([
                eb.val(crm).as('crm'),
                'projects.id',
                eb.val(record.kind).as('kind'),
                eb.val(record.crmId).as('crm_id'),
                eb.val(record.hash).as('hash'),
              ])
              .where('projects.id', '=', record.projectId),
          )
          .onConflict((oc) =>
            oc.columns(['crm', 'project_id']).doUpdateSet((eb) => ({
              kind: eb.ref('excluded.kind'),
              crm_id: eb.ref('excluded.crm_id'),
              hash: eb.ref('excluded.hash'),
              updated_at: sql<Date>`now()`,
            })),
          )
          .execute();
      }
    },

    async rememberCrmCompany(crm: string, companyKey: string, companyId: string): Promise<void> {
      await db
        .insertInto('crm_company_keys')
        .values({ crm, company_key: companyKey, company_id: companyId })
        .onConflict((oc) =>
          oc.columns(['crm', 'company_key']).doUpdateSet({ company_id: companyId, updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    pushed: (id: number, actorId: number) =>
      finish(id, {
        status: 'pushed_to_hubspot',
        failure_reason: null,
        pushed_at: sql<Date>`now()`,
        pushed_by: actorId,
      }),

    /**
     * Which of the ids a fetch session of `ownerId` (of anyone's when undefined) found, itself or as a copy of its
     * story: a session lists a story by its primary, which can change between a caller's look-up and this check.
     */
    async visibleArticleIds(ownerId: number | undefined, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('articles as asked')
        .innerJoin('articles as copy', (join) =>
          join.on((eb) =>
            eb.or([
              eb('copy.id', '=', eb.ref('asked.id')),
              eb.and([eb('asked.story_id', 'is not', null), eb('copy.story_id', '=', eb.ref('asked.story_id'))]),
            ]),
          ),
        )
        .innerJoin('session_articles', 'session_articles.article_id', 'copy.id')
        .innerJoin('news_sessions', 'news_sessions.id', 'session_articles.session_id')
        .select('asked.id')
        .distinct()
        .$if(ownerId !== undefined, (query) => query.where('news_sessions.user_id', '=', ownerId ?? 0))
        .where('asked.id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The status of each of the articles that exist. */
    async statuses(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('articles').select(['id', 'status']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.status]));
    },

    /** Creates a batch of the given articles, leaving out those another unfinished batch holds. */
    async createBatch(batchId: string, userId: number, articleIds: number[], mode: BatchMode): Promise<number[]> {
      return db.transaction().execute(async (tx) => {
        await tx.insertInto('pipeline_batches').values({ id: batchId, user_id: userId, total: 0, mode }).execute();
        const inserted = await tx
          .insertInto('pipeline_batch_items')
          .values(articleIds.map((articleId) => ({ batch_id: batchId, article_id: articleId })))
          .onConflict((oc) => oc.column('article_id').where('state', '=', 'pending').doNothing())
          .returning('article_id')
          .execute();
        await tx.updateTable('pipeline_batches').set({ total: inserted.length }).where('id', '=', batchId).execute();
        const queued = inserted.map((row) => row.article_id);
        if (queued.length > 0) {
          await tx.updateTable('articles').set({ queued_in_batch: true }).where('id', 'in', queued).execute();
        }
        return queued;
      });
    },

    async finishItem(
      batchId: string,
      articleId: number,
      state: 'done' | 'failed',
      error: string | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('pipeline_batch_items')
          .set({ state, error })
          .where('batch_id', '=', batchId)
          .where('article_id', '=', articleId)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await tx.updateTable('articles').set({ queued_in_batch: false }).where('id', '=', articleId).execute();
        return true;
      });
    },

    /** The batch's failed articles with their errors, by article id, at most `limit`. */
    async batchFailures(batchId: string, limit: number): Promise<{ article_id: number; reason: string }[]> {
      const rows = await db
        .selectFrom('pipeline_batch_items')
        .select(['article_id', 'error'])
        .where('batch_id', '=', batchId)
        .where('state', '=', 'failed')
        .orderBy('article_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ article_id: row.article_id, reason: row.error ?? 'No reason was recorded' }));
    },

    async markBatchFinishedIfDone(batchId: string): Promise<void> {
      await db
        .updateTable('pipeline_batches')
        .set({ finished_at: sql<Date>`now()` })
        .where('id', '=', batchId)
        .where('finished_at', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('pipeline_batch_items')
                .select('article_id')
                .where('batch_id', '=', batchId)
                .where('state', '=', 'pending'),
            ),
          ),
        )
        .execute();
    },

    findBatch(batchId: string) {
      return db.selectFrom('pipeline_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
    },

    /** The user's batches still running or finished since `since`, newest first, at most `limit`. */
    async recentBatchIds(userId: number, since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('pipeline_batches')
        .select('id')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>=', since)]))
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Item states and how far the batch's stories got: an item counts its story's primary (an earlier copy may
     * have taken over as the primary while the item waited, and the steps followed it).
     */
    async batchCounts(batchId: string) {
      const row = await db
        .selectFrom('pipeline_batch_items')
        .innerJoin('articles as queued', 'queued.id', 'pipeline_batch_items.article_id')
        .leftJoin('stories', 'stories.id', 'queued.story_id')
        .innerJoin('articles', (join) =>
          join.onRef('articles.id', '=', sql`coalesce(stories.primary_article_id, queued.id)`),
        )
        .select([
          sql<number>`count(*) FILTER (WHERE pipeline_batch_items.state = 'done')::int`.as('done'),
          sql<number>`count(*) FILTER (WHERE pipeline_batch_items.state = 'failed')::int`.as('failed'),
          sql<number>`count(*) FILTER (WHERE articles.status IN ('expanded', 'summarised', 'pushed_to_hubspot', 'failed_summary', 'failed_push'))::int`.as(
            'expanded',
          ),
          sql<number>`count(*) FILTER (WHERE articles.status IN ('summarised', 'pushed_to_hubspot', 'failed_push'))::int`.as(
            'analyzed',
          ),
          sql<number>`count(*) FILTER (WHERE articles.status = 'pushed_to_hubspot')::int`.as('pushed'),
        ])
        .where('pipeline_batch_items.batch_id', '=', batchId)
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}
export type PipelineRepository = ReturnType<typeof createPipelineRepository>;
