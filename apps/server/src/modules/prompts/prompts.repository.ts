import type { FunctionSchema, Prompt, PromptVersion } from '@mining-hub/contract/prompts';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, PromptsTable } from '../../db/schema.ts';

export interface PromptValues {
  name: string;
  prompt_text: string;
  description: string | null;
  function_schema: FunctionSchema;
}

const PROMPT_COLUMNS = [
  'id',
  'name',
  'prompt_text',
  'description',
  'function_schema',
  'is_active',
  'version',
  'created_at',
  'updated_at',
] as const;

// Every change of the active prompt takes this lock first, so a second activation waits and then sees
// the first one's result instead of tripping over the one-active index. Any fixed number.
const ACTIVE_PROMPT_LOCK_ID = 741_852_964;

type PromptRow = Pick<Selectable<PromptsTable>, (typeof PROMPT_COLUMNS)[number]>;
type Executor = Db | Transaction<Database>;
/** Runs inside a write's transaction once the change is made (the audit entry commits with it). */
export type InTransaction = (trx: Db, prompt: Prompt) => Promise<void>;

/** Prompt templates and their versions; every write runs in one transaction. */
export function createPromptsRepository(db: Db) {
  return {
    async list(): Promise<Prompt[]> {
      const rows = await db
        .selectFrom('prompts')
        .select(PROMPT_COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('prompt_versions')
            .select(eb.fn.countAll<string>().as('count'))
            .whereRef('prompt_versions.prompt_id', '=', 'prompts.id')
            .as('version_count'),
        )
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => toPrompt(row, Number(row.version_count ?? 0)));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findActive(): Promise<Prompt | undefined> {
      const row = await db
        .selectFrom('prompts')
        .select(PROMPT_COLUMNS)
        .where('is_active', '=', true)
        .executeTakeFirst();
      return row && toPrompt(row, await countVersions(db, row.id));
    },

    async findById(id: number): Promise<Prompt | undefined> {
      const row = await db.selectFrom('prompts').select(PROMPT_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toPrompt(row, await countVersions(db, row.id));
    },

    async findVersion(promptId: number, version: number): Promise<PromptVersion | undefined> {
      const row = await db
        .selectFrom('prompt_versions')
        .select(['prompt_id', 'version', 'name', 'prompt_text', 'description', 'function_schema', 'created_at'])
        .where('prompt_id', '=', promptId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row && { ...row, created_at: row.created_at.toISOString() };
    },

    /** Inserts version 1; an active one replaces the active prompt in the same transaction. */
    insert(values: PromptValues, options: { active: boolean; inTransaction?: InTransaction }): Promise<Prompt> {
      return db.transaction().execute(async (trx) => {
        if (options.active) {
          await lockActivePrompt(trx);
          await trx.updateTable('prompts').set({ is_active: false }).where('is_active', '=', true).execute();
        }
        const row = await trx
          .insertInto('prompts')
          .values({ ...toColumns(values), is_active: options.active })
          .returning(PROMPT_COLUMNS)
          .executeTakeFirstOrThrow();
        await insertVersion(trx, row);
        const prompt = toPrompt(row, 1);
        await options.inTransaction?.(trx, prompt);
        return prompt;
      });
    },

    /**
     * Saves an edit as the next version; undefined when there is no such prompt. An edit that changes
     * nothing keeps the current version (and `inTransaction` does not run).
     */
    update(id: number, values: PromptValues, inTransaction?: InTransaction): Promise<Prompt | undefined> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('prompts')
          .select(PROMPT_COLUMNS)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return undefined;
        if (sameContent(current, values)) return toPrompt(current, await countVersions(trx, id));
        const row = await trx
          .updateTable('prompts')
          .set({ ...toColumns(values), version: current.version + 1, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .returning(PROMPT_COLUMNS)
          .executeTakeFirstOrThrow();
        await insertVersion(trx, row);
        const prompt = toPrompt(row, await countVersions(trx, id));
        await inTransaction?.(trx, prompt);
        return prompt;
      });
    },

    /**
     * Makes this prompt the only active one; undefined when there is no such prompt (nothing changes).
     * `check` sees the prompt first and may refuse it by throwing, which also changes nothing.
     */
    activate(
      id: number,
      options: {
        check?: (prompt: Pick<Prompt, 'name' | 'function_schema'>) => void;
        inTransaction?: InTransaction;
      } = {},
    ): Promise<Prompt | undefined> {
      const { check, inTransaction } = options;
      return db.transaction().execute(async (trx) => {
        await lockActivePrompt(trx);
        const current = await trx
          .selectFrom('prompts')
          .select(['name', 'function_schema'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) return undefined;
        check?.(current);
        await trx
          .updateTable('prompts')
          .set({ is_active: false })
          .where('is_active', '=', true)
          .where('id', '<>', id)
          .execute();
        const row = await trx
          .updateTable('prompts')
          .set({ is_active: true })
          .where('id', '=', id)
          .returning(PROMPT_COLUMNS)
          .executeTakeFirstOrThrow();
        const prompt = toPrompt(row, await countVersions(trx, id));
        await inTransaction?.(trx, prompt);
        return prompt;
      });
    },

    /**
     * Inserts an active prompt unless one is active already; the one-active index turns a second,
     * concurrent insert into a no-op. Returns the new prompt, or undefined when nothing was inserted.
     */
    insertActiveIfNone(values: PromptValues): Promise<Prompt | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockActivePrompt(trx);
        const row = await trx
          .insertInto('prompts')
          .values({ ...toColumns(values), is_active: true })
          .onConflict((conflict) => conflict.doNothing())
          .returning(PROMPT_COLUMNS)
          .executeTakeFirst();
        if (!row) return undefined;
        await insertVersion(trx, row);
        return toPrompt(row, 1);
      });
    },
  };
}
export type PromptsRepository = ReturnType<typeof createPromptsRepository>;

async function lockActivePrompt(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ACTIVE_PROMPT_LOCK_ID})`.execute(trx);
}

async function insertVersion(trx: Transaction<Database>, row: PromptRow): Promise<void> {
  await trx
    .insertInto('prompt_versions')
    .values({
      prompt_id: row.id,
      version: row.version,
      name: row.name,
      prompt_text: row.prompt_text,
      description: row.description,
      function_schema: JSON.stringify(row.function_schema),
    })
    .execute();
}

async function countVersions(executor: Executor, promptId: number): Promise<number> {
  const row = await executor
    .selectFrom('prompt_versions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('prompt_id', '=', promptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// JSON text in, so the json column keeps the key order (the order of the fields).
function toColumns(values: PromptValues) {
  return {
    name: values.name,
    prompt_text: values.prompt_text,
    description: values.description,
    function_schema: JSON.stringify(values.function_schema),
  };
}

function sameContent(row: PromptRow, values: PromptValues): boolean {
  return (
    row.name === values.name &&
    row.prompt_text === values.prompt_text &&
    row.description === values.description &&
    JSON.stringify(row.function_schema) === JSON.stringify(values.function_schema)
  );
}

function toPrompt(row: PromptRow, versionCount: number): Prompt {
  return {
    id: row.id,
    name: row.name,
    prompt_text: row.prompt_text,
    description: row.description,
    function_schema: row.function_schema,
    is_active: row.is_active,
    version: row.version,
    version_count: versionCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
