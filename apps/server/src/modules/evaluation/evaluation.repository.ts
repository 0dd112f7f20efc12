import { deserialize, serialize } from 'node:v8';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import type {
  EvaluationItem,
  EvaluationItemInput,
  EvaluationRunStatus,
  EvaluationSet,
  ModelPrice,
} from '@mining-hub/contract/evaluation';
import type { FunctionSchema } from '@mining-hub/contract/prompts';
import { sql, type ColumnType, type Generated, type Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

// The tables of migration 021, kept beside the one module that uses them (db.withTables).
type EvaluationSetsTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  version: Generated<number>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
};
type EvaluationItemsTable = {
  id: Generated<number>;
  set_id: number;
  article_id: number | null;
  title: string;
  text: string;
  source: string;
  source_url: string | null;
  expected: Json<Record<string, unknown>>;
  created_at: CreatedAt;
};
type EvaluationRunsTable = {
  id: Generated<number>;
  set_id: number | null;
  set_name: string;
  set_version: number;
  prompt_id: number | null;
  prompt_version: number | null;
  prompt_name: string;
  prompt_text: string;
  function_schema: Json<FunctionSchema>;
  model: string;
  status: ColumnType<EvaluationRunStatus, EvaluationRunStatus | undefined, EvaluationRunStatus>;
  /** Which start or takeover of the run may store results (migration 024). */
  attempt: Generated<number>;
  total: number;
  done: Generated<number>;
  valid_count: Generated<number>;
  score: number | null;
  field_scores: ColumnType<Record<string, number> | null, string | null, string | null>;
  latency_ms_total: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  cost_usd: number | null;
  error: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
};
type EvaluationResultBatchesTable = {
  id: Generated<number>;
  run_id: number;
  item_ids: ColumnType<number[], number[], never>;
  /** Before migration 029: a JSON array of NewResult; packed: brotli-compressed and in base64. */
  results: ColumnType<string | null, never, never>;
  packed: ColumnType<boolean, never, never>;
  /** From migration 029: the array of NewResult, v8.serialize'd and brotli-compressed. */
  encoded: ColumnType<Buffer | null, never, never>;
};
type EvaluationPricesTable = {
  model: string;
  input_per_million: number;
  output_per_million: number;
  updated_at: Generated<Date>;
};
// A type alias, not an interface: withTables needs an index-compatible record type.
type EvaluationTables = {
  evaluation_sets: EvaluationSetsTable;
  evaluation_items: EvaluationItemsTable;
  evaluation_runs: EvaluationRunsTable;
  evaluation_result_batches: EvaluationResultBatchesTable;
  evaluation_prices: EvaluationPricesTable;
};

export type RunRow = Selectable<EvaluationRunsTable>;
export type ItemRow = Selectable<EvaluationItemsTable>;
export type ItemToRun = Pick<ItemRow, 'id' | 'title' | 'text' | 'source' | 'source_url' | 'expected'>;

export interface NewRun {
  set_id: number;
  set_name: string;
  set_version: number;
  prompt_id: number | null;
  prompt_version: number | null;
  prompt_name: string;
  prompt_text: string;
  function_schema: FunctionSchema;
  model: string;
  total: number;
  created_by: number | null;
}

/** One article's result in a run. */
export interface NewResult {
  item_id: number;
  title: string;
  expected: Record<string, unknown>;
  output: Record<string, unknown> | null;
  valid: boolean;
  error: string | null;
  /** What the model answered when it was not a valid output (not JSON, or against the schema); else null. */
  raw_output: string | null;
  score: number;
  field_scores: Record<string, number>;
  latency_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
}
export type ResultRow = NewResult;

const SET_COLUMNS = ['id', 'name', 'description', 'version', 'is_default', 'created_at', 'updated_at'] as const;

/** Evaluation sets, items, runs, results and model prices. */
export function createEvaluationRepository(database: Db) {
  const db = database.withTables<EvaluationTables>();
  type Tx = typeof db;

  const setsQuery = (executor: Tx) =>
    executor
      .selectFrom('evaluation_sets')
      .select(SET_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('evaluation_items')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('evaluation_items.set_id', '=', 'evaluation_sets.id')
          .as('item_count'),
      );

  /** Bumps a set's version after its items changed. */
  const bump = (executor: Tx, setId: number) =>
    executor
      .updateTable('evaluation_sets')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql<Date>`now()` }))
      .where('id', '=', setId)
      .execute();

  const insertItems = (executor: Tx, setId: number, items: (EvaluationItemInput & { article_id?: number | null })[]) =>
    executor
      .insertInto('evaluation_items')
      .values(
        items.map((item) => ({
          set_id: setId,
          article_id: item.article_id ?? null,
          title: item.title,
          text: item.text,
          source: item.source ?? '',
          source_url: item.source_url ?? null,
          expected: JSON.stringify(item.expected),
        })),
      )
      .returningAll()
      .execute();

  return {
    async listSets(): Promise<EvaluationSet[]> {
      const rows = await setsQuery(db).orderBy('is_default', 'desc').orderBy('name').execute();
      return rows.map(toSet);
    },

    async findSet(id: number): Promise<EvaluationSet | undefined> {
      const row = await setsQuery(db).where('id', '=', id).executeTakeFirst();
      return row && toSet(row);
    },

    async findDefaultSet(): Promise<EvaluationSet | undefined> {
      const row = await setsQuery(db).where('is_default', '=', true).executeTakeFirst();
      return row && toSet(row);
    },

    async countSets(): Promise<number> {
      const row = await db
        .selectFrom('evaluation_sets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts a set (and its items); a default one takes the default from any other. Undefined on a taken name. */
    createSet(
      values: { name: string; description: string | null; is_default: boolean },
      items: EvaluationItemInput[] = [],
    ): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        if (values.is_default) await trx.updateTable('evaluation_sets').set({ is_default: false }).execute();
        const row = await trx
          .insertInto('evaluation_sets')
          .values(values)
          .onConflict((conflict) => conflict.column('name').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row && items.length > 0) await insertItems(trx, row.id, items);
        return row?.id;
      });
    },

    /** Changes name, description or default; false when there is no such set. */
    updateSet(
      id: number,
      values: { name?: string | undefined; description?: string | null | undefined; is_default?: boolean | undefined },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (values.is_default) {
          await trx.updateTable('evaluation_sets').set({ is_default: false }).where('id', '<>', id).execute();
        }
        const result = await trx
          .updateTable('evaluation_sets')
          .set({ ...values, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      });
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('evaluation_sets').select('id').where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async deleteSet(id: number): Promise<boolean> {
      const result = await db.deleteFrom('evaluation_sets').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listItems(setId: number): Promise<EvaluationItem[]> {
      const rows = await db
        .selectFrom('evaluation_items')
        .selectAll()
        .where('set_id', '=', setId)
        .orderBy('id')
        .execute();
      return rows.map(toItem);
    },

    /** What a run reads of a set's items: only the columns the analyses and scores need. */
    itemsToRun(setId: number): Promise<ItemToRun[]> {
      return db
        .selectFrom('evaluation_items')
        .select(['id', 'title', 'text', 'source', 'source_url', 'expected'])
        .where('set_id', '=', setId)
        .orderBy('id')
        .execute();
    },

    async countItems(setId: number): Promise<number> {
      const row = await db
        .selectFrom('evaluation_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('set_id', '=', setId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Adds items and bumps the set's version, in one transaction. An article already in the set is replaced
     * (a reviewer corrects it again).
     */
    addItems(
      setId: number,
      items: (EvaluationItemInput & { article_id?: number | null })[],
    ): Promise<EvaluationItem[]> {
      return db.transaction().execute(async (trx) => {
        const articleIds = items.map((item) => item.article_id).filter((id): id is number => typeof id === 'number');
        if (articleIds.length > 0) {
          await trx
            .deleteFrom('evaluation_items')
            .where('set_id', '=', setId)
            .where('article_id', 'in', articleIds)
            .execute();
        }
        const rows = await insertItems(trx, setId, items);
        await bump(trx, setId);
        return rows.map(toItem);
      });
    },

    removeItem(setId: number, itemId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('evaluation_items')
          .where('set_id', '=', setId)
          .where('id', '=', itemId)
          .executeTakeFirst();
        if (result.numDeletedRows === 0n) return false;
        await bump(trx, setId);
        return true;
      });
    },

    async insertRun(run: NewRun): Promise<RunRow> {
      return db
        .insertInto('evaluation_runs')
        .values({ ...run, function_schema: JSON.stringify(run.function_schema) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findRun: (id: number): Promise<RunRow | undefined> =>
      db.selectFrom('evaluation_runs').selectAll().where('id', '=', id).executeTakeFirst(),

    listRuns(filter: { promptId?: number; setId?: number; limit: number }): Promise<RunRow[]> {
      let query = db.selectFrom('evaluation_runs').selectAll();
      if (filter.promptId !== undefined) query = query.where('prompt_id', '=', filter.promptId);
      if (filter.setId !== undefined) query = query.where('set_id', '=', filter.setId);
      return query.orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /** The newest completed run of a saved prompt version on a set. */
    lastCompletedRun(promptId: number, promptVersion: number, setId: number): Promise<RunRow | undefined> {
      return db
        .selectFrom('evaluation_runs')
        .selectAll()
        .where('prompt_id', '=', promptId)
        .where('prompt_version', '=', promptVersion)
        .where('set_id', '=', setId)
        .where('status', '=', 'completed')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /**
     * queued → running, taking the run's next attempt (`attempt` of the row answered): from then on only this
     * attempt stores results. Undefined when the run is gone or no longer queued or running (cancelled).
     */
    startRun(id: number): Promise<RunRow | undefined> {
      return db
        .updateTable('evaluation_runs')
        .set((eb) => ({
          status: 'running',
          attempt: eb('attempt', '+', 1),
          started_at: sql<Date>`coalesce(started_at, now())`,
        }))
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
    },

    async runStatus(id: number): Promise<EvaluationRunStatus | undefined> {
      const row = await db.selectFrom('evaluation_runs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status;
    },

    /**
     * Ends a queued or running run with `status`, its cost priced from the run's token totals and the price
     * table (null when the model has no price); false when it had ended already.
     */
    async finishRun(
      id: number,
      status: Exclude<EvaluationRunStatus, 'queued' | 'running'>,
      totals: { score: number | null; field_scores: Record<string, number> | null; error?: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('evaluation_runs')
        .set({
          status,
          score: totals.score,
          field_scores: totals.field_scores === null ? null : JSON.stringify(totals.field_scores),
          cost_usd: sql<number | null>`(
            SELECT (evaluation_runs.prompt_tokens * price.input_per_million
              + evaluation_runs.completion_tokens * price.output_per_million) / 1000000
            FROM evaluation_prices AS price WHERE price.model = evaluation_runs.model)`,
          error: totals.error ?? null,
          finished_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Stores articles' results as one packed batch and adds them to the run's running totals, in one statement
     * (one round trip); with `completed`, the run's totals, it also ends the run. False, storing nothing, when
     * `attempt` no longer owns the run: it was cancelled, or taken over by another worker.
     */
    async saveResults(
      runId: number,
      attempt: number,
      results: NewResult[],
      completed?: { score: number | null; field_scores: Record<string, number> },
    ): Promise<boolean> {
      if (results.length === 0) return true;
      const sum = (pick: (result: NewResult) => number) => results.reduce((total, result) => total + pick(result), 0);
      const promptTokens = sum((result) => result.prompt_tokens);
      const completionTokens = sum((result) => result.completion_tokens);
      // The last batch of a run also completes it, as finishRun would (one statement fewer per run); SET
      // reads the row's old token totals, hence the batch's added to them in the price.
      const completion = completed
        ? sql`,
            status = 'completed',
            score = ${completed.score},
            field_scores = ${JSON.stringify(completed.field_scores)},
            cost_usd = (
              SELECT ((evaluation_runs.prompt_tokens + ${promptTokens}) * price.input_per_million
                + (evaluation_runs.completion_tokens + ${completionTokens}) * price.output_per_million) / 1000000
              FROM evaluation_prices AS price WHERE price.model = evaluation_runs.model),
            error = NULL,
            finished_at = now()`
        : sql``;
      const stored = await sql<{ id: number }>`
        WITH owner AS (
          UPDATE evaluation_runs SET
            done = done + ${results.length},
            valid_count = valid_count + ${sum((result) => (result.valid ? 1 : 0))},
            latency_ms_total = latency_ms_total + ${sum((result) => result.latency_ms)},
            prompt_tokens = prompt_tokens + ${promptTokens},
            completion_tokens = completion_tokens + ${completionTokens}${completion}
          WHERE id = ${runId} AND attempt = ${attempt} AND status = 'running'
          RETURNING id
        )
        INSERT INTO evaluation_result_batches (run_id, item_ids, encoded)
        SELECT id, ${results.map((result) => result.item_id)}::integer[], ${encodeResults(results)}::bytea
        FROM owner
        RETURNING id`.execute(db);
      return stored.rows.length > 0;
    },

    /** A run's results, by item. */
    async listResults(runId: number): Promise<ResultRow[]> {
      const batches = await db
        .selectFrom('evaluation_result_batches')
        .select(['results', 'packed', 'encoded'])
        .where('run_id', '=', runId)
        .orderBy('id')
        .execute();
      const results = batches.flatMap(decodeResults);
      return results.sort((a, b) => a.item_id - b.item_id);
    },

    async resultItemIds(runId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('evaluation_result_batches')
        .select('item_ids')
        .where('run_id', '=', runId)
        .execute();
      return new Set(rows.flatMap((row) => row.item_ids));
    },

    async listPrices(): Promise<ModelPrice[]> {
      return db
        .selectFrom('evaluation_prices')
        .select(['model', 'input_per_million', 'output_per_million'])
        .orderBy('model')
        .execute();
    },

    /** Replaces the price table. */
    replacePrices(prices: ModelPrice[]): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('evaluation_prices').execute();
        if (prices.length > 0) await trx.insertInto('evaluation_prices').values(prices).execute();
      });
    },
  };
}
export type EvaluationRepository = ReturnType<typeof createEvaluationRepository>;

// Quality 0: an eighth of the bytes for PGlite or PostgreSQL to write, for about 2 ms per 200 results; quality 1
// saves a tenth of those bytes for a millisecond more in the bench run (bench/evaluation.bench.ts).
const PACKING = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 0 } };

/**
 * A batch's results as they are stored (migration 029): v8.serialize writes the objects without building a JSON
 * text first (a fifth of the time), and both engines take the bytes as they are (db/client.ts).
 */
function encodeResults(results: NewResult[]): Buffer {
  return brotliCompressSync(serialize(results), PACKING);
}

/** A stored batch's results, whichever way it was stored. */
function decodeResults(batch: { results: string | null; packed: boolean; encoded: Buffer | null }): NewResult[] {
  let results: NewResult[];
  if (batch.encoded !== null) {
    results = deserialize(brotliDecompressSync(batch.encoded)) as NewResult[];
  } else {
    // Written before migration 029: JSON text, compressed and in base64 when packed.
    const text = batch.results ?? '[]';
    results = JSON.parse(
      batch.packed ? brotliDecompressSync(Buffer.from(text, 'base64')).toString('utf8') : text,
    ) as NewResult[];
  }
  // Batches stored before raw answers were kept have no raw_output.
  return results.map((result) => ({ ...result, raw_output: result.raw_output ?? null }));
}

function toSet(row: Selectable<EvaluationSetsTable> & { item_count: string | null }): EvaluationSet {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: row.version,
    is_default: row.is_default,
    item_count: Number(row.item_count ?? 0),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toItem(row: ItemRow): EvaluationItem {
  return {
    id: row.id,
    set_id: row.set_id,
    article_id: row.article_id,
    title: row.title,
    text: row.text,
    source: row.source,
    source_url: row.source_url,
    expected: row.expected,
    created_at: row.created_at.toISOString(),
  };
}
