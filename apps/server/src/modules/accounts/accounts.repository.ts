import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { CompanyListQuery, ProjectListQuery, ProjectStage } from '@mining-hub/contract/accounts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import type { CompanyEventKind, Database } from '../../db/schema.ts';
import { coreKey, nameKey, type KnownEntity } from './entity-resolution.ts';

// The first key of the two-key advisory lock: one process fills accounts at a time.
const ACCOUNTS_LOCK_SPACE = 734_019;

export interface CompanyRow {
  id: number;
  name: string;
  website: string | null;
  domain: string | null;
  country: string | null;
  market_cap_musd: number | null;
  shares_m: number | null;
  owner_id: number | null;
  /** Read by the company page only (the list leaves it out). */
  owner_rule_id?: number | null;
  merged_into: number | null;
  heat_base: number;
  last_event_at: Date | null;
}

export interface CompanyFields {
  name: string;
  website?: string | null;
  domain?: string | null;
  country?: string | null;
  market_cap_musd?: number | null;
  shares_m?: number | null;
}

/** An event as a company page reads it (JSON: the time as a string). */
export interface EventRow {
  id: number;
  project_id: number | null;
  project_name: string | null;
  story_id: number | null;
  kind: CompanyEventKind;
  occurred_at: string;
  weight: number;
  /** Its share of heat_base. */
  base: number;
  summary: string;
}

export interface ProjectRow {
  id: number;
  name: string;
  country: string | null;
  state: string | null;
  location: string | null;
  commodities: string[];
  stage: ProjectStage | null;
}

export interface ContactInput {
  name: string;
  email: string | null;
  job_title: string | null;
  phone: string | null;
  source: 'scraper' | 'news' | 'crm';
}

export interface MergeMoves {
  names: number[];
  tickers: string[];
  events: number[];
  contacts: number[];
  crm: number[];
  /** Rows the survivor got a copy of (the merged company keeps its own, for a split). */
  projects: number[];
  stories: number[];
}

const COMPANY_COLUMNS = [
  'id',
  'name',
  'owner_rule_id',
  'website',
  'domain',
  'country',
  'market_cap_musd',
  'shares_m',
  'owner_id',
  'merged_into',
  'heat_base',
  'last_event_at',
] as const;

/** How contacts are told apart within a company: e-mail, else the name. */
export function contactKeyOf(contact: { name: string; email: string | null }): string {
  const email = contact.email?.trim().toLowerCase();
  return email ? `email:${email}` : `name:${nameKey(contact.name)}`;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Where the windows of companies.heat_recent_7d and _30d start (migration 026). */
export interface HeatWindow {
  d7: Date;
  d30: Date;
}

/** Brings the companies with events between the stored starts and `to` to windows starting at `to`. */
async function moveHeatWindow(trx: Db, from: HeatWindow, to: HeatWindow): Promise<void> {
  for (const [key, column] of [
    ['d7', 'heat_recent_7d'],
    ['d30', 'heat_recent_30d'],
  ] as const) {
    if (from[key].getTime() === to[key].getTime()) continue;
    const [low, high] = from[key] < to[key] ? [from[key], to[key]] : [to[key], from[key]];
    await sql`
      UPDATE companies c SET ${sql.ref(column)} = coalesce(
        (SELECT sum(e.base) FROM company_events e WHERE e.company_id = c.id AND e.occurred_at > ${to[key]}), 0)
      WHERE c.id IN (SELECT company_id FROM company_events WHERE occurred_at > ${low} AND occurred_at <= ${high})`.execute(
      trx,
    );
  }
  await trx.updateTable('account_list_state').set({ since_7d: to.d7, since_30d: to.d30 }).execute();
}

/** A project as the list shows it. */
export interface ListedProject {
  id: number;
  name: string;
  stage: ProjectStage | null;
  country: string | null;
  commodities: string[];
}

/** A row of the companies list: the company with what its card shows. */
export interface CompanyListRow {
  id: number;
  name: string;
  country: string | null;
  market_cap_musd: number | null;
  owner_id: number | null;
  owner_name: string | null;
  heat_base: number;
  last_event_at: Date | null;
  tickers: string[];
  projects: ListedProject[];
  story_count: number;
  /** [base, occurred_at in ms] of each event since the horizon (accounts-heat.ts, heatFromRecent). */
  recent: [number, number][];
}

/** A company page's row (companyPage): the company and, as JSON, everything on its page. */
export interface CompanyPageRow extends CompanyRow {
  owner_name: string | null;
  tickers: string[];
  names: { name: string; kind: 'name' | 'alias' | 'former' }[];
  story_count: number;
  projects: (ProjectRow & { owners: { company_id: number; name: string; share_pct: number | null }[] })[];
  timeline: {
    story_id: number;
    article_id: number;
    title: string;
    url: string | null;
    published_at: string;
    copies: number;
  }[];
  events: EventRow[];
  contacts: {
    name: string;
    email: string | null;
    job_title: string | null;
    phone: string | null;
    source: ContactInput['source'];
  }[];
  crm_pushed_at: Date | null;
  merges: { id: number; merged_id: number; name: string; merged_at: string }[];
}

/** What a company's card shows beyond its own row. */
interface CompanyCardParts {
  owner_name: string | null;
  tickers: string[];
  projects: ListedProject[];
  story_count: number;
  recent: [number, number][];
}

/** The cards of a list page: $1 the companies, $2 the horizon of single events (accounts-heat.ts). */
const COMPANY_CARDS_SQL = preparedStatement(
  'accounts_company_cards',
  `
  SELECT c.id, u.name AS owner_name,
    coalesce((SELECT array_agg(tk.ticker ORDER BY tk.ticker) FROM company_tickers tk WHERE tk.company_id = c.id),
      '{}') AS tickers,
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'stage', p.stage,
        'country', p.country, 'commodities', p.commodities) ORDER BY p.name)
      FROM project_owners po JOIN projects p ON p.id = po.project_id WHERE po.company_id = c.id), '[]') AS projects,
    (SELECT count(*) FROM company_stories cs WHERE cs.company_id = c.id)::int AS story_count,
    coalesce((SELECT json_agg(json_build_array(e.base, extract(epoch FROM e.occurred_at)::float8 * 1000))
      FROM company_events e WHERE e.company_id = c.id AND e.occurred_at > $2::timestamptz), '[]') AS recent
  FROM companies c LEFT JOIN users u ON u.id = c.owner_id
  WHERE c.id = ANY($1::integer[])`,
);

/**
 * Everything a company page shows, in one statement (a prepared one: planning it cost as much as running it).
 * $1 the company, $2 how many stories, $3 the horizon of single events, $4 how many contacts.
 */
const COMPANY_PAGE_SQL = preparedStatement(
  'accounts_company_page',
  `
  WITH timeline AS (
    SELECT s.id AS story_id, a.id AS article_id, a.title, a.url,
           coalesce(s.published_at, s.first_seen_at) AS published_at,
           (SELECT count(*) FROM articles copy WHERE copy.story_id = s.id)::int AS copies
    FROM company_stories cs
    JOIN stories s ON s.id = cs.story_id
    JOIN articles a ON a.id = s.primary_article_id
    WHERE cs.company_id = $1::integer
    ORDER BY coalesce(s.published_at, s.first_seen_at) DESC, s.id DESC
    LIMIT $2::integer
  )
  SELECT c.id, c.name, c.website, c.domain, c.country, c.market_cap_musd, c.shares_m, c.owner_id, c.owner_rule_id, c.merged_into,
    c.heat_base, c.last_event_at, u.name AS owner_name,
    coalesce((SELECT array_agg(t.ticker ORDER BY t.ticker) FROM company_tickers t WHERE t.company_id = c.id),
      '{}') AS tickers,
    coalesce((SELECT json_agg(json_build_object('name', n.name, 'kind', n.kind) ORDER BY n.id)
      FROM company_names n WHERE n.company_id = c.id), '[]') AS names,
    (SELECT count(*) FROM company_stories cs WHERE cs.company_id = c.id)::int AS story_count,
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'country', p.country,
        'state', p.state, 'location', p.location, 'commodities', p.commodities, 'stage', p.stage,
        'owners', (SELECT coalesce(json_agg(json_build_object('company_id', o.company_id, 'name', oc.name,
            'share_pct', o.share_pct) ORDER BY o.company_id), '[]')
          FROM project_owners o JOIN companies oc ON oc.id = o.company_id
          WHERE o.project_id = p.id AND oc.merged_into IS NULL)) ORDER BY p.name)
      FROM project_owners po JOIN projects p ON p.id = po.project_id WHERE po.company_id = c.id), '[]') AS projects,
    coalesce((SELECT json_agg(timeline ORDER BY timeline.published_at DESC, timeline.story_id DESC)
      FROM timeline), '[]') AS timeline,
    coalesce((SELECT json_agg(json_build_object('id', e.id, 'project_id', e.project_id, 'project_name', p.name,
        'story_id', e.story_id, 'kind', e.kind, 'occurred_at', e.occurred_at, 'weight', e.weight,
        'base', e.base, 'summary', e.summary) ORDER BY e.occurred_at DESC, e.id DESC)
      FROM company_events e LEFT JOIN projects p ON p.id = e.project_id
      WHERE e.company_id = c.id
        AND (e.occurred_at > $3::timestamptz OR e.story_id IN (SELECT story_id FROM timeline))), '[]') AS events,
    coalesce((SELECT json_agg(contact ORDER BY contact.name) FROM (
        SELECT name, email, job_title, phone, source FROM company_contacts WHERE company_id = c.id
        ORDER BY name LIMIT $4::integer) contact), '[]') AS contacts,
    (SELECT k.created_at FROM company_crm_links l JOIN crm_companies k ON k.id = l.crm_company_id
      WHERE l.company_id = c.id ORDER BY k.created_at LIMIT 1) AS crm_pushed_at,
    coalesce((SELECT json_agg(json_build_object('id', m.id, 'merged_id', m.merged_id, 'name', mc.name,
        'merged_at', m.merged_at) ORDER BY m.id DESC)
      FROM company_merges m JOIN companies mc ON mc.id = m.merged_id
      WHERE m.survivor_id = c.id AND m.split_at IS NULL), '[]') AS merges
  FROM companies c LEFT JOIN users u ON u.id = c.owner_id
  WHERE c.id = $1::integer`,
);

/**
 * The tables of a company's own rows that a merge moves to the survivor: for each, the column
 * company_merges.moved keeps of a moved row (a split moves back those rows only) and the columns that make
 * a row the same as one the survivor has already (that row stays with the merged company).
 */
const MOVABLE_ROWS = {
  company_names: { key: 'id', sameAs: ['name_key'] },
  company_tickers: { key: 'ticker', sameAs: [] },
  company_events: { key: 'id', sameAs: ['story_id', 'kind'] },
  company_contacts: { key: 'id', sameAs: ['contact_key'] },
  company_crm_links: { key: 'crm_company_id', sameAs: [] },
} as const satisfies {
  [T in keyof Database]?: { key: keyof Database[T] & string; sameAs: readonly (keyof Database[T] & string)[] };
};
type MovableTable = keyof typeof MOVABLE_ROWS;
type MovedKey<T extends MovableTable> = Selectable<Database[T]>[(typeof MOVABLE_ROWS)[T]['key'] &
  keyof Selectable<Database[T]>];

/**
 * Moves rows of `table` from company `from` to company `to` and returns the keys of those it moved. A merge
 * moves every row except one whose `sameAs` columns equal a row `to` has already; a split passes `only`, the
 * keys the merge moved, and moves back those of them still where the merge put them.
 */
async function moveRows<T extends MovableTable>(
  trx: Db,
  table: T,
  from: number,
  to: number,
  only?: readonly MovedKey<T>[],
): Promise<MovedKey<T>[]> {
  if (only?.length === 0) return [];
  const { key, sameAs } = MOVABLE_ROWS[table];
  const rows = sql.table(table);
  const which = only
    ? sql`${sql.ref(key)} IN (${sql.join(only)})`
    : sameAs.length === 0
      ? sql`true`
      : sql`NOT EXISTS (SELECT 1 FROM ${rows} AS mine WHERE mine.company_id = ${to}
          AND ${sql.join(
            sameAs.map((column) => sql`${sql.ref(`mine.${column}`)} = ${rows}.${sql.ref(column)}`),
            sql` AND `,
          )})`;
  const moved = await sql<{ key: MovedKey<T> }>`
    UPDATE ${rows} SET company_id = ${to} WHERE company_id = ${from} AND ${which}
    RETURNING ${sql.ref(key)} AS key`.execute(trx);
  return moved.rows.map((row) => row.key);
}

/** Companies, projects, their events, stories and contacts (migration 019). */
export function createAccountsRepository(db: Db) {
  return {
    /** The live company of an article's story; the one named like the article's company first (issue 34, CRM). */
    async companyOfArticle(articleId: number): Promise<number | null> {
      const row = await db
        .selectFrom('articles')
        .innerJoin('company_stories', 'company_stories.story_id', 'articles.story_id')
        .innerJoin('companies', 'companies.id', 'company_stories.company_id')
        .select('companies.id')
        .where('articles.id', '=', articleId)
        .where('companies.merged_into', 'is', null)
        .orderBy(sql`lower(companies.name) = lower(articles.company)`, (ob) => ob.desc().nullsLast())
        .orderBy('companies.id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Runs `work` in a transaction holding the accounts lock, or not at all (null) when another process
     * holds it: filling runs in one process at a time, so two never create the same company.
     */
    async exclusively<T>(work: (trx: Db) => Promise<T>): Promise<T | null> {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_xact_lock(${ACCOUNTS_LOCK_SPACE}, 0) AS locked`.execute(trx);
        if (!rows[0]?.locked) return null;
        return work(trx);
      });
    },

    /** A string that changes whenever names, listings or merges do: the resolution index is rebuilt then. */
    async indexVersion(trx: Db = db): Promise<string> {
      const { rows } = await sql<{ version: string }>`
        SELECT concat_ws(':',
          (SELECT count(*) FROM company_names), (SELECT max(id) FROM company_names),
          (SELECT count(*) FROM company_tickers), (SELECT count(*) FROM companies WHERE merged_into IS NOT NULL),
          (SELECT max(id) FROM company_merges), (SELECT count(*) FROM company_merges WHERE split_at IS NOT NULL)
        ) AS version`.execute(trx);
      return rows[0]?.version ?? '';
    },

    /** Every live company's names and listings, for the resolution index. */
    async knownEntities(trx: Db = db): Promise<KnownEntity[]> {
      const [names, tickers] = await Promise.all([
        trx
          .selectFrom('company_names')
          .innerJoin('companies', 'companies.id', 'company_names.company_id')
          .where('companies.merged_into', 'is', null)
          .select(['company_names.company_id', 'company_names.name'])
          .execute(),
        trx
          .selectFrom('company_tickers')
          .innerJoin('companies', 'companies.id', 'company_tickers.company_id')
          .where('companies.merged_into', 'is', null)
          .select(['company_tickers.company_id', 'company_tickers.ticker'])
          .execute(),
      ]);
      const entities = new Map<number, KnownEntity>();
      const entity = (id: number) => {
        let found = entities.get(id);
        if (!found) entities.set(id, (found = { id, names: [], tickers: [] }));
        return found;
      };
      for (const row of names) entity(row.company_id).names.push(row.name);
      for (const row of tickers) entity(row.company_id).tickers.push(row.ticker);
      return [...entities.values()];
    },

    async insertCompany(trx: Db, fields: CompanyFields): Promise<number> {
      const row = await trx
        .insertInto('companies')
        .values({
          name: fields.name,
          website: fields.website ?? null,
          domain: fields.domain ?? null,
          country: fields.country ?? null,
          market_cap_musd: fields.market_cap_musd ?? null,
          shares_m: fields.shares_m ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.addName(trx, row.id, fields.name, 'name');
      return row.id;
    },

    /** Fills the fields a company does not have yet (a later source never overwrites an earlier one's). */
    async fillCompany(trx: Db, id: number, fields: Omit<CompanyFields, 'name'>): Promise<void> {
      await sql`
        UPDATE companies SET
          website = coalesce(website, ${fields.website ?? null}),
          domain = coalesce(domain, ${fields.domain ?? null}),
          country = coalesce(country, ${fields.country ?? null}),
          market_cap_musd = coalesce(${fields.market_cap_musd ?? null}::double precision, market_cap_musd),
          shares_m = coalesce(${fields.shares_m ?? null}::double precision, shares_m),
          updated_at = now()
        WHERE id = ${id}`.execute(trx);
    },

    async addName(trx: Db, companyId: number, name: string, kind: 'name' | 'alias' | 'former'): Promise<void> {
      const key = nameKey(name);
      if (!key) return;
      await trx
        .insertInto('company_names')
        .values({ company_id: companyId, name: name.trim(), name_key: key, core_key: coreKey(name), kind })
        .onConflict((conflict) => conflict.columns(['company_id', 'name_key']).doNothing())
        .execute();
    },

    /** Adds listings nobody holds yet; a listing another company holds stays there. */
    async addTickers(trx: Db, companyId: number, tickers: string[]): Promise<void> {
      if (tickers.length === 0) return;
      await trx
        .insertInto('company_tickers')
        .values(tickers.map((ticker) => ({ ticker, company_id: companyId })))
        .onConflict((conflict) => conflict.column('ticker').doNothing())
        .execute();
    },

    async addReview(
      trx: Db,
      review: {
        mention: string;
        tickers: string[];
        candidates: number[];
        reason: string;
        source: string;
        storyId?: number;
      },
    ): Promise<void> {
      await trx
        .insertInto('account_reviews')
        .values({
          mention: review.mention,
          tickers: review.tickers,
          candidate_ids: review.candidates,
          reason: review.reason,
          source: review.source,
          story_id: review.storyId ?? null,
        })
        .onConflict((conflict) => conflict.columns(['mention', 'source']).doNothing())
        .execute();
    },

    /** The projects an earlier import made, by source key, for the keys of this import. */
    async projectsBySourceKeys(trx: Db, sourceKeys: string[]): Promise<Map<string, ProjectRow>> {
      const found = new Map<string, ProjectRow>();
      for (let i = 0; i < sourceKeys.length; i += 5000) {
        const rows = await trx
          .selectFrom('projects')
          .select(['id', 'name', 'country', 'state', 'location', 'commodities', 'stage', 'source_key'])
          .where('source_key', 'in', sourceKeys.slice(i, i + 5000))
          .execute();
        for (const { source_key: key, ...row } of rows) if (key) found.set(key, row);
      }
      return found;
    },

    /** The company's project of this name (any spelling), if it owns one. */
    async projectOfCompanyNamed(trx: Db, companyId: number, name: string): Promise<ProjectRow | undefined> {
      return trx
        .selectFrom('projects')
        .innerJoin('project_owners', 'project_owners.project_id', 'projects.id')
        .select([
          'projects.id',
          'projects.name',
          'projects.country',
          'projects.state',
          'projects.location',
          'projects.commodities',
          'projects.stage',
        ])
        .where('project_owners.company_id', '=', companyId)
        .where('projects.name_key', '=', projectKey(name))
        .executeTakeFirst();
    },

    async insertProject(
      trx: Db,
      project: Omit<ProjectRow, 'id'> & { source_key: string | null },
      owner: { companyId: number; sharePct: number | null } | null,
    ): Promise<number> {
      const row = await trx
        .insertInto('projects')
        .values({ ...project, name_key: projectKey(project.name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (owner) await this.addOwner(trx, row.id, owner.companyId, owner.sharePct);
      return row.id;
    },

    /** New projects of one owner, in one statement each for the projects and their owner rows. */
    async insertProjects(
      trx: Db,
      projects: (Omit<ProjectRow, 'id'> & { source_key: string | null })[],
      companyId: number,
    ): Promise<void> {
      if (projects.length === 0) return;
      const rows = await trx
        .insertInto('projects')
        .values(projects.map((project) => ({ ...project, name_key: projectKey(project.name) })))
        .returning('id')
        .execute();
      await trx
        .insertInto('project_owners')
        .values(rows.map((row) => ({ project_id: row.id, company_id: companyId, share_pct: null })))
        .onConflict((conflict) => conflict.columns(['project_id', 'company_id']).doNothing())
        .execute();
    },

    async updateProject(trx: Db, id: number, changes: Partial<Omit<ProjectRow, 'id'>>): Promise<void> {
      await trx
        .updateTable('projects')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async addOwner(trx: Db, projectId: number, companyId: number, sharePct: number | null): Promise<void> {
      await trx
        .insertInto('project_owners')
        .values({ project_id: projectId, company_id: companyId, share_pct: sharePct })
        .onConflict((conflict) => conflict.columns(['project_id', 'company_id']).doNothing())
        .execute();
    },

    /** A project's owner with its share, added or its share updated (a joint venture seen again). */
    async setOwnerShare(trx: Db, projectId: number, companyId: number, sharePct: number | null): Promise<void> {
      await trx
        .insertInto('project_owners')
        .values({ project_id: projectId, company_id: companyId, share_pct: sharePct })
        .onConflict((conflict) =>
          conflict.columns(['project_id', 'company_id']).doUpdateSet({
            share_pct: sql`coalesce(excluded.share_pct, project_owners.share_pct)`,
          }),
        )
        .execute();
    },

    async upsertContact(trx: Db, companyId: number, contact: ContactInput): Promise<void> {
      await this.upsertContacts(trx, companyId, [contact]);
    },

    /** Several contacts of one company at once (the first of two with one key wins within the batch). */
    async upsertContacts(trx: Db, companyId: number, contacts: ContactInput[]): Promise<void> {
      const byKey = new Map<string, ContactInput>();
      for (const contact of contacts) if (!byKey.has(contactKeyOf(contact))) byKey.set(contactKeyOf(contact), contact);
      if (byKey.size === 0) return;
      await trx
        .insertInto('company_contacts')
        .values([...byKey].map(([key, contact]) => ({ ...contact, company_id: companyId, contact_key: key })))
        .onConflict((conflict) =>
          conflict.columns(['company_id', 'contact_key']).doUpdateSet({
            job_title: sql`coalesce(company_contacts.job_title, excluded.job_title)`,
            phone: sql`coalesce(company_contacts.phone, excluded.phone)`,
            email: sql`coalesce(company_contacts.email, excluded.email)`,
          }),
        )
        .execute();
    },

    async linkStory(trx: Db, companyId: number, storyId: number): Promise<void> {
      await trx
        .insertInto('company_stories')
        .values({ company_id: companyId, story_id: storyId })
        .onConflict((conflict) => conflict.columns(['company_id', 'story_id']).doNothing())
        .execute();
    },

    /** Adds an event once (per story, company and kind); true when it was new. Keeps `heat_base` in step. */
    async addEvent(
      trx: Db,
      event: {
        companyId: number;
        projectId: number | null;
        storyId: number | null;
        kind: CompanyEventKind;
        occurredAt: Date;
        weight: number;
        base: number;
        summary: string;
      },
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('company_events')
        .values({
          company_id: event.companyId,
          project_id: event.projectId,
          story_id: event.storyId,
          kind: event.kind,
          occurred_at: event.occurredAt,
          weight: event.weight,
          base: event.base,
          summary: event.summary,
        })
        .onConflict((conflict) =>
          conflict.columns(['story_id', 'company_id', 'kind']).where('story_id', 'is not', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      // The caller holds the heat window (holdHeatWindow), so the windows cannot move under this update.
      await sql`
        UPDATE companies c SET heat_base = c.heat_base + ${event.base}::double precision,
          heat_recent_7d = c.heat_recent_7d
            + CASE WHEN ${event.occurredAt}::timestamptz > w.since_7d THEN ${event.base}::double precision ELSE 0 END,
          heat_recent_30d = c.heat_recent_30d
            + CASE WHEN ${event.occurredAt}::timestamptz > w.since_30d THEN ${event.base}::double precision ELSE 0 END,
          last_event_at = greatest(c.last_event_at, ${event.occurredAt}), updated_at = now()
        FROM account_list_state w
        WHERE c.id = ${event.companyId}`.execute(trx);
      return true;
    },

    /** Heat and the windows' sums from the company's events again (after a merge or split moved some). */
    async recomputeHeat(trx: Db, companyId: number): Promise<void> {
      await sql`
        UPDATE companies c SET
          heat_base = coalesce(e.base, 0),
          heat_recent_7d = coalesce(e.recent_7d, 0),
          heat_recent_30d = coalesce(e.recent_30d, 0),
          last_event_at = e.last
        FROM account_list_state w
        CROSS JOIN LATERAL (
          SELECT sum(base) AS base, sum(base) FILTER (WHERE occurred_at > w.since_7d) AS recent_7d,
                 sum(base) FILTER (WHERE occurred_at > w.since_30d) AS recent_30d, max(occurred_at) AS last
          FROM company_events WHERE company_id = ${companyId}) e
        WHERE c.id = ${companyId}`.execute(trx);
    },

    /**
     * Locks the heat window for the rest of `trx` (whoever adds or moves events takes it) and moves it to
     * start at `since`: the companies with events between the old and the new starts get their sums again.
     */
    async holdHeatWindow(trx: Db, since: HeatWindow): Promise<void> {
      const { rows } = await sql<HeatWindow>`
        SELECT since_7d AS d7, since_30d AS d30 FROM account_list_state FOR UPDATE`.execute(trx);
      if (rows[0]) await moveHeatWindow(trx, rows[0], since);
    },

    /**
     * Moves the heat window to `since` when it lags by `slackMs` or more, unless a writer holds it (that writer
     * moves it itself): what keeps the rise sort current while no sync runs.
     */
    async refreshHeatWindow(since: HeatWindow, slackMs: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<HeatWindow>`
          SELECT since_7d AS d7, since_30d AS d30 FROM account_list_state FOR UPDATE SKIP LOCKED`.execute(trx);
        const stored = rows[0];
        if (stored && Math.abs(stored.d7.getTime() - since.d7.getTime()) >= slackMs)
          await moveHeatWindow(trx, stored, since);
      });
    },

    // ---- filling: what is still to read

    async storiesToSync(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('stories')
        .innerJoin('articles', 'articles.id', 'stories.primary_article_id')
        .leftJoin('account_story_sync', 'account_story_sync.story_id', 'stories.id')
        .select('stories.id')
        .where((eb) =>
          eb.or([
            eb('account_story_sync.story_id', 'is', null),
            eb.and([
              eb('articles.analysed_at', 'is not', null),
              eb('articles.analysed_at', '>', eb.ref('account_story_sync.synced_at')),
            ]),
          ]),
        )
        .orderBy('stories.id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** What the accounts read of these stories (one statement for a sync batch). */
    async storiesForFacts(trx: Db, storyIds: number[]) {
      if (storyIds.length === 0) return [];
      return trx
        .selectFrom('stories')
        .innerJoin('articles', 'articles.id', 'stories.primary_article_id')
        .select([
          'stories.id',
          'stories.issuer',
          'stories.published_at',
          'stories.first_seen_at',
          'articles.title',
          'articles.company',
          'articles.ticker',
          'articles.project',
          'articles.countries',
          'articles.commodities',
          'articles.full_content',
          'articles.expanded_description',
          'articles.content',
          'articles.description',
          'articles.analysis',
        ])
        .where('stories.id', 'in', storyIds)
        .orderBy('stories.id')
        .execute();
    },

    async markStoriesSynced(trx: Db, storyIds: number[]): Promise<void> {
      if (storyIds.length === 0) return;
      await trx
        .insertInto('account_story_sync')
        .values(storyIds.map((storyId) => ({ story_id: storyId })))
        .onConflict((conflict) => conflict.column('story_id').doUpdateSet({ synced_at: sql`now()` }))
        .execute();
    },

    async importedFiles(): Promise<Set<string>> {
      const rows = await db.selectFrom('account_imports').select('file_name').execute();
      return new Set(rows.map((row) => row.file_name));
    },

    async markImported(trx: Db, fileName: string, companies: number, projects: number): Promise<void> {
      await trx
        .insertInto('account_imports')
        .values({ file_name: fileName, companies, projects })
        .onConflict((conflict) => conflict.column('file_name').doNothing())
        .execute();
    },

    /**
     * Companies pushed to the CRM and not yet joined to an account, once the stories of their pushed articles
     * have been read: `story_company_id` is the account those stories belong to (the surest join).
     */
    async crmCompaniesToLink(limit: number) {
      return db
        .selectFrom('crm_companies as crm')
        .leftJoin('company_crm_links', 'company_crm_links.crm_company_id', 'crm.id')
        .select([
          'crm.id',
          'crm.name',
          'crm.domain',
          'crm.ticker',
          (eb) =>
            eb
              .selectFrom('crm_notes as n')
              .innerJoin('articles as a', 'a.id', 'n.article_id')
              .innerJoin('company_stories as cs', 'cs.story_id', 'a.story_id')
              .innerJoin('companies as c', 'c.id', 'cs.company_id')
              .select('cs.company_id')
              .whereRef('n.company_id', '=', 'crm.id')
              .where('c.merged_into', 'is', null)
              .orderBy('n.id', 'desc')
              .limit(1)
              .as('story_company_id'),
        ])
        .where('company_crm_links.crm_company_id', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('crm_notes as n')
                .innerJoin('articles as a', 'a.id', 'n.article_id')
                .leftJoin('account_story_sync as y', 'y.story_id', 'a.story_id')
                .select(sql`1`.as('one'))
                .whereRef('n.company_id', '=', 'crm.id')
                .where((inner) => inner.or([inner('a.story_id', 'is', null), inner('y.story_id', 'is', null)])),
            ),
          ),
        )
        .orderBy('crm.id')
        .limit(limit)
        .execute();
    },

    async linkCrm(trx: Db, crmCompanyId: number, companyId: number): Promise<void> {
      await trx
        .insertInto('company_crm_links')
        .values({ crm_company_id: crmCompanyId, company_id: companyId })
        .onConflict((conflict) => conflict.column('crm_company_id').doNothing())
        .execute();
    },

    // ---- reading

    async findCompany(id: number, trx: Db = db): Promise<CompanyRow | undefined> {
      return trx.selectFrom('companies').select(COMPANY_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /**
     * One page of live companies with what the list shows of each (listings, projects, story count, events
     * since `horizon`), in one statement; the total in a second one beside it. The heat sorts are index scans:
     * `heat_base` orders by today's heat, `heat_rise_*` by the rise over the window (migration 026).
     */
    async listCompanies(
      query: CompanyListQuery,
      options: { ownerId: number | null | undefined; horizon: Date },
    ): Promise<{ rows: CompanyListRow[]; total: number }> {
      let base = db.selectFrom('companies as c').where('c.merged_into', 'is', null);
      if (options.ownerId !== undefined)
        base =
          options.ownerId === null
            ? base.where('c.owner_id', 'is', null)
            : base.where('c.owner_id', '=', options.ownerId);
      const projectFilter = query.commodity || query.stage || query.country;
      if (projectFilter) {
        base = base.where((eb) => {
          let projects = eb
            .selectFrom('project_owners as po')
            .innerJoin('projects as p', 'p.id', 'po.project_id')
            .select(sql`1`.as('one'))
            .whereRef('po.company_id', '=', 'c.id');
          // `@>` rather than `= ANY`: the form the GIN index on commodities answers.
          if (query.commodity)
            projects = projects.where(sql<boolean>`p.commodities @> ARRAY[${query.commodity}]::text[]`);
          if (query.stage) projects = projects.where('p.stage', '=', query.stage);
          if (query.country) projects = projects.where('p.country', '=', query.country);
          const hasProject = eb.exists(projects);
          // A head office in the country counts when only the country is asked for.
          return query.country && !query.commodity && !query.stage
            ? eb.or([hasProject, eb('c.country', '=', query.country)])
            : hasProject;
        });
      }
      if (query.q) {
        const q = query.q;
        base = base.where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('company_names as n')
                .select(sql`1`.as('one'))
                .whereRef('n.company_id', '=', 'c.id')
                .where(sql<boolean>`n.name ILIKE ${like(q)}`),
            ),
            eb.exists(
              eb
                .selectFrom('company_tickers as t')
                .select(sql`1`.as('one'))
                .whereRef('t.company_id', '=', 'c.id')
                .where(sql<boolean>`t.ticker ILIKE ${like(q)}`),
            ),
          ]),
        );
      }
      const rise = query.window === '30d' ? sql`c.heat_rise_30d` : sql`c.heat_rise_7d`;
      const order =
        query.sort === 'name'
          ? sql`lower(c.name), c.id`
          : query.sort === 'heat_change'
            ? sql`${rise} DESC, c.heat_base DESC, c.id`
            : sql`c.heat_base DESC, c.id`;
      const matches = base.select([
        'c.id',
        'c.name',
        'c.country',
        'c.market_cap_musd',
        'c.owner_id',
        'c.heat_base',
        'c.heat_rise_7d',
        'c.heat_rise_30d',
        'c.last_event_at',
      ]);
      // Unfiltered, the total is the live companies' count a trigger keeps (migration 026); filtered, the
      // matches are found once (a CTE read twice is materialised) for both the count and the page.
      const unfiltered = options.ownerId === undefined && !projectFilter && !query.q;
      const total = unfiltered
        ? sql`(SELECT live_companies FROM account_list_state)`
        : sql`(SELECT count(*)::int FROM matches)`;
      // One row even for a page past the end (its company columns null), to carry the total.
      const { rows: page } = await sql<Omit<CompanyListRow, keyof CompanyCardParts> & { total: number }>`
        WITH matches AS (${matches})
        SELECT t.total, c.id, c.name, c.country, c.market_cap_musd, c.owner_id, c.heat_base, c.last_event_at
        FROM (SELECT ${total} AS total) t
        LEFT JOIN LATERAL (
          SELECT * FROM matches c ORDER BY ${order} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}
        ) c ON true
        ORDER BY ${order}`.execute(db);
      const rows = page.filter((row) => row.id !== null);
      if (rows.length === 0) return { rows: [], total: page[0]?.total ?? 0 };
      // What each card shows, for the page's companies only: a fixed text, prepared once per connection.
      const { rows: parts } = await db.executeQuery(
        CompiledQuery.raw(COMPANY_CARDS_SQL, [
          `{${rows.map((row) => row.id).join(',')}}`,
          options.horizon,
        ]) as CompiledQuery<CompanyCardParts & { id: number }>,
      );
      const byId = new Map(parts.map((part) => [part.id, part]));
      return {
        rows: rows.map(({ total: _total, ...row }) => {
          const part = byId.get(row.id);
          return {
            ...row,
            owner_name: part?.owner_name ?? null,
            tickers: part?.tickers ?? [],
            projects: part?.projects ?? [],
            story_count: part?.story_count ?? 0,
            recent: part?.recent ?? [],
          };
        }),
        total: page[0]?.total ?? 0,
      };
    },

    async userExists(id: number): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async ownersOfProjects(projectIds: number[]) {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('project_owners')
        .innerJoin('companies', 'companies.id', 'project_owners.company_id')
        .select([
          'project_owners.project_id',
          'project_owners.company_id',
          'project_owners.share_pct',
          'companies.name',
        ])
        .where('project_owners.project_id', 'in', projectIds)
        .where('companies.merged_into', 'is', null)
        .execute();
    },

    /**
     * Everything a company page shows, in one statement: its `timelineLimit` newest stories (each release once,
     * with its copies), the events since `horizon` and those of the stories shown, its first `contactLimit`
     * contacts by name, projects with their owners, names, listings, CRM link and open merges.
     */
    async companyPage(
      id: number,
      options: { horizon: Date; timelineLimit: number; contactLimit: number },
    ): Promise<CompanyPageRow | undefined> {
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(COMPANY_PAGE_SQL, [
          id,
          options.timelineLimit,
          options.horizon,
          options.contactLimit,
        ]) as CompiledQuery<CompanyPageRow>,
      );
      return rows[0];
    },

    async openMergesInto(id: number) {
      return db
        .selectFrom('company_merges as m')
        .innerJoin('companies as c', 'c.id', 'm.merged_id')
        .select(['m.id', 'm.merged_id', 'c.name', 'm.merged_at', 'm.moved'])
        .where('m.survivor_id', '=', id)
        .where('m.split_at', 'is', null)
        .orderBy('m.id', 'desc')
        .execute();
    },

    /** An admin's choice of owner (it wins over the rules); null hands the company back to the rules. */
    async setOwner(id: number, ownerId: number | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('companies')
          .set({ owner_id: ownerId, owner_rule_id: null, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        if (ownerId === null) await this.applyOwnershipRules(trx);
      });
    },

    async replaceAliases(id: number, aliases: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('company_names').where('company_id', '=', id).where('kind', '=', 'alias').execute();
        for (const alias of aliases) await this.addName(trx, id, alias, 'alias');
      });
    },

    async listProjects(query: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
      let base = db.selectFrom('projects as p');
      if (query.commodity) base = base.where(sql<boolean>`${query.commodity} = ANY(p.commodities)`);
      if (query.stage) base = base.where('p.stage', '=', query.stage);
      if (query.country) base = base.where('p.country', '=', query.country);
      if (query.q) base = base.where(sql<boolean>`p.name ILIKE ${like(query.q)}`);
      if (query.company_id !== undefined) {
        const companyId = query.company_id;
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('project_owners as po')
              .select(sql`1`.as('one'))
              .whereRef('po.project_id', '=', 'p.id')
              .where('po.company_id', '=', companyId),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select(['p.id', 'p.name', 'p.country', 'p.state', 'p.location', 'p.commodities', 'p.stage'])
          .orderBy(sql`lower(p.name)`)
          .orderBy('p.id')
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute(),
        base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    // ---- merge and split

    /** Moves `otherId`'s names, listings, events, contacts and CRM links to `survivorId`; returns what moved. */
    async merge(survivorId: number, otherId: number, actorId: number | null, trx: Db): Promise<number> {
      // One statement after another: they share the transaction.
      const moved: MergeMoves = {
        names: await moveRows(trx, 'company_names', otherId, survivorId),
        tickers: await moveRows(trx, 'company_tickers', otherId, survivorId),
        events: await moveRows(trx, 'company_events', otherId, survivorId),
        contacts: await moveRows(trx, 'company_contacts', otherId, survivorId),
        crm: await moveRows(trx, 'company_crm_links', otherId, survivorId),
        projects: (
          await sql<{ project_id: number }>`
            INSERT INTO project_owners (project_id, company_id, share_pct)
            SELECT project_id, ${survivorId}, share_pct FROM project_owners WHERE company_id = ${otherId}
            ON CONFLICT DO NOTHING RETURNING project_id`.execute(trx)
        ).rows.map((row) => row.project_id),
        stories: (
          await sql<{ story_id: number }>`
            INSERT INTO company_stories (company_id, story_id)
            SELECT ${survivorId}, story_id FROM company_stories WHERE company_id = ${otherId}
            ON CONFLICT DO NOTHING RETURNING story_id`.execute(trx)
        ).rows.map((row) => row.story_id),
      };
      await trx
        .updateTable('companies')
        .set({ merged_into: survivorId, updated_at: new Date() })
        .where('id', '=', otherId)
        .execute();
      // The survivor keeps its owner; without one it takes the merged company's (and how it came: admin or rule).
      await sql`
        UPDATE companies SET (owner_id, owner_rule_id) = (SELECT owner_id, owner_rule_id FROM companies WHERE id = ${otherId})
        WHERE id = ${survivorId} AND owner_id IS NULL`.execute(trx);
      await this.recomputeHeat(trx, survivorId);
      await this.recomputeHeat(trx, otherId);
      const merge = await trx
        .insertInto('company_merges')
        .values({ survivor_id: survivorId, merged_id: otherId, moved: JSON.stringify(moved), actor_id: actorId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return merge.id;
    },

    /** Moves back what a merge moved (what is still where the merge put it) and revives the merged company. */
    async split(mergeId: number, trx: Db): Promise<{ survivorId: number; mergedId: number }> {
      const merge = await trx
        .selectFrom('company_merges')
        .select(['survivor_id', 'merged_id', 'moved'])
        .where('id', '=', mergeId)
        .executeTakeFirstOrThrow();
      const moved = merge.moved as MergeMoves;
      const { survivor_id: survivorId, merged_id: mergedId } = merge;
      await moveRows(trx, 'company_names', survivorId, mergedId, moved.names);
      await moveRows(trx, 'company_tickers', survivorId, mergedId, moved.tickers);
      await moveRows(trx, 'company_events', survivorId, mergedId, moved.events);
      await moveRows(trx, 'company_contacts', survivorId, mergedId, moved.contacts);
      await moveRows(trx, 'company_crm_links', survivorId, mergedId, moved.crm);
      // Project owners and story links were copied, not moved: the survivor's copies go.
      if (moved.projects.length > 0)
        await trx
          .deleteFrom('project_owners')
          .where('company_id', '=', survivorId)
          .where('project_id', 'in', moved.projects)
          .execute();
      if (moved.stories.length > 0)
        await trx
          .deleteFrom('company_stories')
          .where('company_id', '=', survivorId)
          .where('story_id', 'in', moved.stories)
          .execute();
      await trx
        .updateTable('companies')
        .set({ merged_into: null, updated_at: new Date() })
        .where('id', '=', mergedId)
        .execute();
      await trx.updateTable('company_merges').set({ split_at: new Date() }).where('id', '=', mergeId).execute();
      await this.recomputeHeat(trx, survivorId);
      await this.recomputeHeat(trx, mergedId);
      return { survivorId, mergedId };
    },

    // ---- owners: rules and the owner's alert (migration 022)

    async rules() {
      return db
        .selectFrom('ownership_rules as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.id',
          'r.kind',
          'r.value',
          'r.user_id',
          'u.name as user_name',
          'r.created_at',
          (eb) =>
            eb
              .selectFrom('companies as c')
              .select(sql<string>`count(*)`.as('n'))
              .whereRef('c.owner_rule_id', '=', 'r.id')
              .where('c.merged_into', 'is', null)
              .as('companies'),
        ])
        .orderBy(sql`r.kind = 'country'`, 'desc')
        .orderBy('r.id')
        .execute();
    },

    /** The new rule's id, or undefined when a rule of that kind and value exists. */
    async insertRule(trx: Db, rule: { kind: 'country' | 'commodity'; value: string; userId: number }) {
      const row = await trx
        .insertInto('ownership_rules')
        .values({ kind: rule.kind, value: rule.value, user_id: rule.userId })
        .onConflict((conflict) => conflict.columns(['kind', 'value']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** Deletes a rule and takes its companies' owner back (the remaining rules then apply again). */
    async deleteRule(trx: Db, id: number) {
      await trx
        .updateTable('companies')
        .set({ owner_id: null, owner_rule_id: null, updated_at: new Date() })
        .where('owner_rule_id', '=', id)
        .execute();
      return trx.deleteFrom('ownership_rules').where('id', '=', id).returning(['kind', 'value']).executeTakeFirst();
    },

    /**
     * Gives every live company no admin gave an owner the user of its first matching rule (country before
     * commodity, then the oldest), or no owner when none matches; one statement, nothing when there are no rules.
     */
    async applyOwnershipRules(trx: Db, always = false): Promise<void> {
      if (!always && !(await trx.selectFrom('ownership_rules').select('id').limit(1).executeTakeFirst())) return;
      await sql`
        WITH matched AS (
          SELECT c.id AS company_id, (
            SELECT r.id FROM ownership_rules r
            WHERE (r.kind = 'country' AND (r.value = c.country OR EXISTS (
                SELECT 1 FROM project_owners po JOIN projects p ON p.id = po.project_id
                WHERE po.company_id = c.id AND p.country = r.value)))
              OR (r.kind = 'commodity' AND EXISTS (
                SELECT 1 FROM project_owners po JOIN projects p ON p.id = po.project_id
                WHERE po.company_id = c.id AND EXISTS (
                  SELECT 1 FROM unnest(p.commodities) AS commodity WHERE lower(commodity) = lower(r.value))))
            ORDER BY r.kind = 'country' DESC, r.id
            LIMIT 1) AS rule_id
          FROM companies c
          WHERE c.merged_into IS NULL AND (c.owner_id IS NULL OR c.owner_rule_id IS NOT NULL)
        )
        UPDATE companies c SET owner_id = r.user_id, owner_rule_id = r.id, updated_at = now()
        FROM matched m LEFT JOIN ownership_rules r ON r.id = m.rule_id
        WHERE c.id = m.company_id AND c.owner_rule_id IS DISTINCT FROM m.rule_id`.execute(trx);
    },

    /** The stories of these articles that accounts have not read yet. */
    async unsyncedStoriesOf(articleIds: number[]): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const rows = await db
        .selectFrom('articles as a')
        .leftJoin('account_story_sync as sync', 'sync.story_id', 'a.story_id')
        .select('a.story_id')
        .distinct()
        .where('a.id', 'in', articleIds)
        .where('a.story_id', 'is not', null)
        .where('sync.story_id', 'is', null)
        .execute();
      return rows.flatMap((row) => (row.story_id === null ? [] : [row.story_id]));
    },

    async storiesOfArticles(articleIds: number[]): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const rows = await db
        .selectFrom('articles')
        .select('story_id')
        .distinct()
        .where('id', 'in', articleIds)
        .where('story_id', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.story_id === null ? [] : [row.story_id]));
    },

    /**
     * Claims the owner alerts these stories owe: each story with an analysed article at or above `minRank`
     * about a live company with an owner, once per story and owner, ever (the insert is the compare-and-set).
     * Returns what was claimed, with whether the owner's own fetches found the article (else it is not theirs
     * to open in Signals).
     */
    async claimOwnerAlerts(storyIds: number[], minRank: number) {
      if (storyIds.length === 0) return [];
      const { rows } = await sql<{ story_id: number; user_id: number; company_id: number; article_id: number }>`
        INSERT INTO company_owner_alerts (story_id, user_id, company_id, article_id)
        SELECT DISTINCT ON (cs.story_id, c.owner_id) cs.story_id, c.owner_id, c.id, a.id
        FROM company_stories cs
        JOIN companies c ON c.id = cs.company_id
        JOIN articles a ON a.story_id = cs.story_id
        WHERE cs.story_id IN (${sql.join(storyIds)}) AND c.owner_id IS NOT NULL AND c.merged_into IS NULL
          AND a.analysed_at IS NOT NULL AND a.intent_rank >= ${minRank}
        ORDER BY cs.story_id, c.owner_id, a.intent_rank DESC, a.id
        ON CONFLICT DO NOTHING
        RETURNING story_id, user_id, company_id, article_id`.execute(db);
      if (rows.length === 0) return [];
      const details = await db
        .selectFrom('articles as a')
        .select(['a.id', 'a.title', 'a.buying_intent_score', 'a.signal_summary'])
        .where(
          'a.id',
          'in',
          rows.map((row) => row.article_id),
        )
        .execute();
      const names = await db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          rows.map((row) => row.company_id),
        )
        .execute();
      const seen = await db
        .selectFrom('session_articles as sa')
        .innerJoin('news_sessions as s', 's.id', 'sa.session_id')
        .select(['sa.article_id', 's.user_id'])
        .where(
          'sa.article_id',
          'in',
          rows.map((row) => row.article_id),
        )
        .execute();
      const admins = new Set(
        (
          await db
            .selectFrom('users')
            .select('id')
            .where('role', '=', 'admin')
            .where(
              'id',
              'in',
              rows.map((row) => row.user_id),
            )
            .execute()
        ).map((row) => row.id),
      );
      return rows.map((row) => {
        const article = details.find((detail) => detail.id === row.article_id);
        return {
          ...row,
          company: names.find((name) => name.id === row.company_id)?.name ?? '',
          title: article?.title ?? '',
          intent: article?.buying_intent_score ?? null,
          summary: article?.signal_summary ?? null,
          visible:
            admins.has(row.user_id) ||
            seen.some((found) => found.article_id === row.article_id && found.user_id === row.user_id),
        };
      });
    },

    // ---- the review list (ambiguous mentions)

    async openReviews(limit: number) {
      return db
        .selectFrom('account_reviews')
        .select(['id', 'mention', 'tickers', 'candidate_ids', 'reason', 'source', 'story_id', 'created_at'])
        .where('resolved_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async findReview(id: number) {
      return db
        .selectFrom('account_reviews')
        .select(['id', 'mention', 'tickers', 'candidate_ids', 'story_id', 'resolved_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Marks a review resolved; false when another admin resolved it first. */
    async resolveReview(trx: Db, id: number): Promise<boolean> {
      const row = await trx
        .updateTable('account_reviews')
        .set({ resolved_at: new Date() })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async unsyncStory(trx: Db, storyId: number): Promise<void> {
      await trx.deleteFrom('account_story_sync').where('story_id', '=', storyId).execute();
    },

    async tickersOf(ids: number[]): Promise<{ company_id: number; ticker: string }[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('company_tickers')
        .select(['company_id', 'ticker'])
        .where('company_id', 'in', ids)
        .orderBy('ticker')
        .execute();
    },

    async companiesNamed(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('companies').select(['id', 'name', 'merged_into']).where('id', 'in', ids).execute();
    },

    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
/** A story as the accounts read it: its primary article's text and tags. */
export type StoryForFacts = Awaited<ReturnType<AccountsRepository['storiesForFacts']>>[number];

const PROJECT_NOISE = new Set(
  'project projects property properties deposit deposits mine prospect camp complex the gold silver copper zinc lead nickel cobalt lithium uranium tantalum tin tungsten vanadium iron ore graphite rare earths earth platinum palladium pgm molybdenum manganese antimony'.split(
    ' ',
  ),
);

/**
 * Project names compare without 'Project', 'Property' or the commodities they are named with ('Halibut Creek
 * Copper-Gold Project' is 'Halibut Creek'), accents and case.
 */
export function projectKey(name: string): string {
  const words = nameKey(name).split(' ');
  const kept = words.filter((word) => !PROJECT_NOISE.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}
