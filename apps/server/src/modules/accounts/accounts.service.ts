import fs from 'node:fs';
import path from 'node:path';
import type {
  AccountReview,
  CompanyDetail,
  CreateOwnershipRuleRequest,
  OwnershipRule,
  ResolveAccountReviewRequest,
  CompanyEvent,
  CompanyListQuery,
  CompanySummary,
  Project,
  ProjectListQuery,
  ProjectStage,
  UpdateCompanyRequest,
} from '@mining-hub/contract/accounts';
import type { MiningFacts } from '@mining-hub/contract/facts';
import type { Pagination } from '@mining-hub/contract/news';
import { z } from 'zod';
import { articleToText } from '../../adapters/ai/article-text.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { Logger } from '../../logging.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { User } from '@mining-hub/contract/auth';
import { eventsOfFacts, STAGE_ORDER } from './accounts-events.ts';
import {
  daysBefore,
  decayedWeight,
  EVENT_HORIZON_DAYS,
  EVENT_WEIGHTS,
  heatBaseOf,
  heatFromRecent,
  heatHistory,
  roundHeat,
  weeklyHeat,
  type BasedEvent,
} from './accounts-heat.ts';
import {
  projectKey,
  type AccountsRepository,
  type CompanyListRow,
  type EventRow,
  type HeatWindow,
  type ProjectRow,
  type StoryForFacts,
} from './accounts.repository.ts';
import { EntityIndex, exchangeCode, normaliseTicker, tickersIn, type Resolution } from './entity-resolution.ts';

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  audit: Pick<AuditService, 'record'>;
  /** The facts extractor (modules/facts), passed in by the composition root. */
  extractFacts: (text: string, options: { title?: string }) => MiningFacts;
  /** DATA_DIR/scraper/outputs: the scraper's CRM-ready JSON files are imported from `json/` there. */
  scraperOutputDir: string;
  /** The bell (modules/notifications): an owner's alert for a high-intent story about their company. */
  notify?: NotificationsService['notify'];
  logger: Logger;
  now?: () => Date;
}

/** How many dated events a CRM push lists in mining_hub_latest_facts. */
const LATEST_FACTS = 3;

/** The account side of a CRM push (the pipeline turns `path` into a link and adds what was written). */
export interface CrmAccountFacts {
  companyId: number;
  path: string;
  heat: number;
  stage: ProjectStage | null;
  latestFacts: string;
  projects: { id: number; name: string; stage: ProjectStage | null; country: string | null; commodities: string[] }[];
}

/** An owner is alerted for stories at or above this buying intent (rank 3: High; 4 is Very High). */
export const OWNER_ALERT_MIN_RANK = 3;
/** How often, and how far apart, a watch run asks for the accounts lock a sync holds. */
const LOCK_ATTEMPTS = 20;
const LOCK_RETRY_MS = 250;
/** Most open reviews the review list shows. */
const REVIEW_LIST_LIMIT = 200;

/** The scraper's CRM-ready JSON (scraper-exports.ts `buildCrmReadyJson`), as much of it as accounts read. */
const crmReadyFileSchema = z.object({
  format: z.literal('mining-hub.crm-import'),
  companies: z.array(
    z.object({
      name: z.string().min(1),
      domain: z.string().nullish(),
      ticker: z.string().nullish(),
      exchange: z.string().nullish(),
      market_cap_musd: z.number().nullish(),
      website: z.string().nullish(),
      contacts: z.array(
        z.object({
          email: z.string().nullish(),
          firstName: z.string(),
          lastName: z.string(),
          jobTitle: z.string().nullish(),
          phone: z.string().nullish(),
        }),
      ),
      projects: z.array(
        z.object({
          gid: z.string(),
          name: z.string().min(1),
          commodities: z.array(z.string()),
          stage: z.string().nullish(),
          country: z.string(),
          region: z.string().nullish(),
          location: z.string().nullish(),
          // MiningHub's joint-venture holders with their shares (the owner among them).
          joint_venture: z
            .array(
              z.object({
                name: z.string().min(1),
                ticker: z.string().nullish(),
                exchange: z.string().nullish(),
                share_pct: z.number().nullish(),
              }),
            )
            .nullish(),
        }),
      ),
    }),
  ),
});
type CrmReadyFile = z.infer<typeof crmReadyFileSchema>;

const contactDetailsSchema = z.array(
  z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullish(),
    job_title: z.string().nullish(),
    phone_number: z.string().nullish(),
  }),
);

/** The scraper's stage words ('Pre-Feasibility', 'Care & Maintenance') as a stage of the contract. */
export function stageOfText(text: string | null | undefined): ProjectStage | null {
  if (!text) return null;
  const value = text.toLowerCase();
  if (/care|maintenance|suspend|closed/.test(value)) return 'care_maintenance';
  if (/produc|operat|mining\b/.test(value)) return 'production';
  if (/construct|development|develop/.test(value)) return 'construction';
  if (/pre-?\s?feasibility|\bpfs\b/.test(value)) return 'pfs';
  if (/feasibility|\bdfs\b|\bbfs\b|\bfs\b/.test(value)) return 'fs';
  if (/scoping|\bpea\b|preliminary economic/.test(value)) return 'scoping_pea';
  if (/resource/.test(value)) return 'resource';
  if (/explor|grassroots|discovery|prospect/.test(value)) return 'exploration';
  return null;
}

function domainOf(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const SYNC_BATCH = 100;
const TIMELINE_LIMIT = 100;
/** A company page lists its first contacts by name, not thousands. */
const CONTACT_LIMIT = 200;
/** How far the stored 7- and 30-day windows may lag behind now before a list sorted by rise moves them. */
const HEAT_WINDOW_SLACK_MS = 60_000;

/** The 7- and 30-day windows of the rise in heat, ending at `at`. */
const heatWindowAt = (at: Date): HeatWindow => ({ d7: daysBefore(at, 7), d30: daysBefore(at, 30) });

/** What a company's card shows (the list, and the top of its page): a list row without its events. */
type SummarySource = Omit<CompanyListRow, 'recent'>;

/**
 * A company's card from its stored heat and its events since the horizon (`recent`): today's heat, its
 * change over 7 and 30 days and the weekly sparkline, each as the decayed sum of the events (accounts-heat.ts).
 */
function summaryOf(row: SummarySource, recent: readonly BasedEvent[], at: Date): CompanySummary {
  const heatAt = (when: Date) => heatFromRecent(row.heat_base, recent, when);
  const heat = heatAt(at);
  return {
    id: row.id,
    name: row.name,
    tickers: row.tickers,
    country: row.country,
    market_cap_musd: row.market_cap_musd,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    heat: roundHeat(heat),
    heat_change_7d: roundHeat(heat - heatAt(daysBefore(at, 7))),
    heat_change_30d: roundHeat(heat - heatAt(daysBefore(at, 30))),
    heat_sparkline: weeklyHeat(heatAt, at),
    projects: row.projects.map((project) => ({
      id: project.id,
      name: project.name,
      stage: project.stage,
      country: project.country,
    })),
    commodities: [...new Set(row.projects.flatMap((project) => project.commodities))].sort(),
    story_count: row.story_count,
    last_event_at: row.last_event_at ? new Date(row.last_event_at).toISOString() : null,
  };
}

/** Accounts: companies and projects filled from scraper outputs, story facts and CRM pushes (issue 34). */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository, audit, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let cached: { version: string; index: EntityIndex } | undefined;

  const indexFor = async (trx: Db): Promise<EntityIndex> => {
    const version = await repository.indexVersion(trx);
    if (cached?.version !== version) cached = { version, index: new EntityIndex(await repository.knownEntities(trx)) };
    return cached.index;
  };

  /** Resolves a mention; a new company is created, an ambiguous one goes to review (`createOnReview` decides). */
  const resolveOrCreate = async (
    trx: Db,
    index: EntityIndex,
    mention: { name: string; tickers: string[]; source: string; storyId?: number },
    fields: {
      website?: string | null;
      domain?: string | null;
      country?: string | null;
      market_cap_musd?: number | null;
    },
    createOnReview: boolean,
    created?: Set<number>,
  ): Promise<number | null> => {
    const resolution: Resolution = index.resolve({ name: mention.name, tickers: mention.tickers });
    if (resolution.kind === 'match') {
      await repository.fillCompany(trx, resolution.id, fields);
      await repository.addName(trx, resolution.id, mention.name, 'alias');
      await repository.addTickers(trx, resolution.id, mention.tickers);
      index.addName(resolution.id, mention.name);
      for (const ticker of mention.tickers) index.addTicker(resolution.id, ticker);
      return resolution.id;
    }
    if (resolution.kind === 'review') {
      await repository.addReview(trx, {
        mention: mention.name,
        tickers: mention.tickers,
        candidates: resolution.candidates,
        reason: resolution.reason,
        source: mention.source,
        storyId: mention.storyId,
      });
      if (!createOnReview) return null;
    }
    const id = await repository.insertCompany(trx, { name: mention.name, ...fields });
    created?.add(id);
    // Listings another company holds stay with it (resolution said this is not that company).
    await repository.addTickers(trx, id, mention.tickers);
    index.add({ id, names: [mention.name], tickers: mention.tickers });
    return id;
  };

  const importFile = async (trx: Db, index: EntityIndex, file: CrmReadyFile, source: string) => {
    let projects = 0;
    const created = new Set<number>();
    const known = await repository.projectsBySourceKeys(
      trx,
      file.companies.flatMap((company) => company.projects.map((project) => `scraper:${project.gid}`)),
    );
    for (const company of file.companies) {
      const exchange = company.exchange ? exchangeCode(company.exchange) : null;
      const ticker = company.ticker && exchange ? normaliseTicker(`${exchange}:${company.ticker}`) : null;
      const companyId = await resolveOrCreate(
        trx,
        index,
        { name: company.name.trim(), tickers: ticker ? [ticker] : [], source },
        {
          website: company.website ?? null,
          domain: company.domain ?? domainOf(company.website),
          market_cap_musd: company.market_cap_musd ?? null,
        },
        true,
        created,
      );
      if (companyId === null) continue;
      const isNew = created.has(companyId);
      const fresh: Parameters<AccountsRepository['insertProjects']>[1] = [];
      for (const project of company.projects) {
        projects++;
        const stage = stageOfText(project.stage);
        const sourceKey = `scraper:${project.gid}`;
        // A company this import just made owns nothing yet: no need to look its projects up by name.
        const existing =
          known.get(sourceKey) ??
          (isNew ? undefined : await repository.projectOfCompanyNamed(trx, companyId, project.name));
        if (!existing) {
          fresh.push({
            name: project.name,
            country: project.country || null,
            state: project.region ?? null,
            location: project.location ?? null,
            commodities: project.commodities,
            stage,
            source_key: sourceKey,
          });
          continue;
        }
        await repository.addOwner(trx, existing.id, companyId, null);
        await repository.updateProject(trx, existing.id, {
          commodities: [...new Set([...existing.commodities, ...project.commodities])],
          state: existing.state ?? project.region ?? null,
          location: existing.location ?? project.location ?? null,
          ...(stage && stage !== existing.stage ? { stage } : {}),
        });
        if (stage && existing.stage && stage !== existing.stage)
          await addStageChange(trx, companyId, existing, stage, null, now());
      }
      await repository.insertProjects(trx, fresh, companyId);
      await addJointVentures(trx, index, company.projects, source, created);
      await repository.upsertContacts(
        trx,
        companyId,
        company.contacts.flatMap((contact) => {
          const name = `${contact.firstName} ${contact.lastName}`.trim();
          return name
            ? [
                {
                  name,
                  email: contact.email?.trim().toLowerCase() || null,
                  job_title: contact.jobTitle ?? null,
                  phone: contact.phone ?? null,
                  source: 'scraper' as const,
                },
              ]
            : [];
        }),
      );
    }
    return { companies: file.companies.length, projects };
  };

  /** A project's joint-venture holders become its owners with their shares (each holder resolved as a company). */
  const addJointVentures = async (
    trx: Db,
    index: EntityIndex,
    projects: CrmReadyFile['companies'][number]['projects'],
    source: string,
    created: Set<number>,
  ) => {
    const withPartners = projects.filter((project) => (project.joint_venture ?? []).length > 0);
    if (withPartners.length === 0) return;
    const rows = await repository.projectsBySourceKeys(
      trx,
      withPartners.map((project) => `scraper:${project.gid}`),
    );
    for (const project of withPartners) {
      const row = rows.get(`scraper:${project.gid}`);
      if (!row) continue;
      for (const holder of project.joint_venture ?? []) {
        const exchange = holder.exchange ? exchangeCode(holder.exchange) : null;
        const ticker = holder.ticker && exchange ? normaliseTicker(`${exchange}:${holder.ticker}`) : null;
        const holderId = await resolveOrCreate(
          trx,
          index,
          { name: holder.name.trim(), tickers: ticker ? [ticker] : [], source },
          {},
          true,
          created,
        );
        if (holderId === null) continue;
        await repository.setOwnerShare(trx, row.id, holderId, holder.share_pct ?? null);
      }
    }
  };

  const addStageChange = async (
    trx: Db,
    companyId: number,
    project: ProjectRow,
    stage: ProjectStage,
    storyId: number | null,
    at: Date,
  ) => {
    const weight = EVENT_WEIGHTS.stage_change;
    await repository.addEvent(trx, {
      companyId,
      projectId: project.id,
      storyId,
      kind: 'stage_change',
      occurredAt: at,
      weight,
      base: heatBaseOf(weight, at),
      summary: `${project.name}: ${project.stage ?? 'unknown'} → ${stage}`,
    });
  };

  /** Reads one story's facts into its issuer's account: the story on its timeline, its events, its projects. */
  const ingestStory = async (trx: Db, index: EntityIndex, story: StoryForFacts) => {
    const storyId = story.id;
    const raw = story.full_content ?? story.expanded_description ?? story.content ?? story.description ?? '';
    const text = articleToText(raw);
    const facts = deps.extractFacts(text, { title: story.title });
    const at = story.published_at ?? story.first_seen_at;
    // The issuers the facts name; the feed's own company field when the text names none.
    const issuers =
      facts.issuers.length > 0
        ? facts.issuers.map((issuer) => ({ name: issuer.name, tickers: issuer.tickers }))
        : story.company || story.issuer
          ? [
              {
                name: (story.company ?? story.issuer ?? '').trim(),
                tickers: story.ticker ? tickersIn(story.ticker) : [],
              },
            ]
          : [];
    const events = eventsOfFacts(facts);
    for (const issuer of issuers.slice(0, 1)) {
      if (!issuer.name) continue;
      const companyId = await resolveOrCreate(
        trx,
        index,
        { name: issuer.name, tickers: issuer.tickers, source: `story:${storyId}`, storyId },
        { country: null },
        false,
      );
      if (companyId === null) continue;
      await repository.linkStory(trx, companyId, storyId);
      // The release's project: the first the facts name, else the feed's project field.
      const projectFact = facts.projects[0];
      const projectName = projectFact?.name ?? story.project ?? null;
      let project: ProjectRow | undefined;
      if (projectName && projectKey(projectName)) {
        project = await repository.projectOfCompanyNamed(trx, companyId, projectName);
        if (!project) {
          const id = await repository.insertProject(
            trx,
            {
              name: projectName,
              country: projectFact?.country ?? story.countries[0] ?? null,
              state: projectFact?.state ?? null,
              location: null,
              commodities: story.commodities,
              stage: null,
              source_key: null,
            },
            { companyId, sharePct: null },
          );
          project = { id, name: projectName, country: null, state: null, location: null, commodities: [], stage: null };
        }
      }
      for (const event of events) {
        await repository.addEvent(trx, {
          companyId,
          projectId: project?.id ?? null,
          storyId,
          kind: event.kind,
          occurredAt: at,
          weight: event.weight,
          base: heatBaseOf(event.weight, at),
          summary: event.summary,
        });
        // A study or a first resource moves the project forward: a stage change of its own.
        if (
          project &&
          event.stage &&
          (project.stage === null || STAGE_ORDER[event.stage] > STAGE_ORDER[project.stage])
        ) {
          if (project.stage !== null) await addStageChange(trx, companyId, project, event.stage, storyId, at);
          await repository.updateProject(trx, project.id, { stage: event.stage });
          project = { ...project, stage: event.stage };
        }
      }
      const contacts = contactDetailsSchema.safeParse(story.analysis?.['contact_details']);
      for (const contact of contacts.success ? contacts.data : []) {
        const name = `${contact.first_name} ${contact.last_name}`.trim();
        if (!name) continue;
        await repository.upsertContact(trx, companyId, {
          name,
          email: contact.email?.trim().toLowerCase() || null,
          job_title: contact.job_title ?? null,
          phone: contact.phone_number ?? null,
          source: 'news',
        });
      }
    }
  };

  const outputFiles = async (): Promise<string[]> => {
    try {
      const folder = path.join(deps.scraperOutputDir, 'json');
      return (await fs.promises.readdir(folder))
        .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
        .sort();
    } catch {
      return [];
    }
  };

  const toEvent = (event: EventRow, at: Date): CompanyEvent => {
    const occurredAt = new Date(event.occurred_at);
    return {
      id: event.id,
      kind: event.kind,
      occurred_at: occurredAt.toISOString(),
      summary: event.summary,
      weight: event.weight,
      heat_now: roundHeat(decayedWeight(event.weight, occurredAt, at)),
      story_id: event.story_id,
      project:
        event.project_id !== null && event.project_name !== null
          ? { id: event.project_id, name: event.project_name }
          : null,
    };
  };

  /** The rise sort reads stored window sums: brought forward here at most once a slack (and by every sync). */
  let heatWindowCheckedAt: number | undefined;
  const freshHeatWindow = async (at: Date) => {
    const time = at.getTime();
    if (
      heatWindowCheckedAt !== undefined &&
      time >= heatWindowCheckedAt &&
      time - heatWindowCheckedAt < HEAT_WINDOW_SLACK_MS
    )
      return;
    await repository.refreshHeatWindow(heatWindowAt(at), HEAT_WINDOW_SLACK_MS);
    heatWindowCheckedAt = time;
  };

  const liveCompany = async (id: number) => {
    const company = await repository.findCompany(id);
    if (!company) throw notFound(`Company ${id} not found`);
    return company;
  };

  /** Alerts each owner of these stories' companies once per high-intent story (the bell), after commit. */
  /**
   * Reads the stories of these articles into accounts now when the sync has not read them yet: a watch's owner
   * alerts and a CRM push need them before its next round. Answers the stories it read.
   */
  const readStoriesNow = async (articleIds: number[]): Promise<number[]> => {
    // While a sync holds the lock (null), it may be reading these very stories: wait for it, a few times.
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      const unsynced = await repository.unsyncedStoriesOf(articleIds);
      if (unsynced.length === 0) return [];
      try {
        const done = await repository.exclusively(async (trx) => {
          const index = await indexFor(trx);
          for (const story of await repository.storiesForFacts(trx, unsynced)) await ingestStory(trx, index, story);
          await repository.markStoriesSynced(trx, unsynced);
          await repository.applyOwnershipRules(trx);
          return true;
        });
        if (done) return unsynced;
      } finally {
        cached = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    return [];
  };

  const alertOwnersOf = async (storyIds: number[]) => {
    if (!deps.notify || storyIds.length === 0) return;
    for (const alert of await repository.claimOwnerAlerts(storyIds, OWNER_ALERT_MIN_RANK)) {
      const companyLink = `/companies/${alert.company_id}#story-${alert.story_id}`;
      // The signal opens when the owner's fetches found the article; otherwise the (shared) company page does.
      const link = alert.visible ? `/signals/${alert.article_id}` : companyLink;
      await deps.notify(alert.user_id, {
        title: `Your account ${alert.company}: ${alert.intent ?? 'High'} intent`,
        body: alert.summary ?? alert.title,
        link,
        items: [
          { label: `${alert.intent ?? 'High'} · ${alert.title}`, link },
          ...(link === companyLink ? [] : [{ label: `${alert.company}: account page`, link: companyLink }]),
        ],
      });
    }
  };

  const toRule = (row: Awaited<ReturnType<AccountsRepository['rules']>>[number]): OwnershipRule => ({
    id: row.id,
    kind: row.kind,
    value: row.value,
    owner: { id: row.user_id, name: row.user_name },
    companies: Number(row.companies ?? 0),
    created_at: row.created_at.toISOString(),
  });

  const service = {
    /**
     * Fills accounts from what is not read yet: scraper output files, stories (new, or analysed since), and
     * companies pushed to the CRM. One process at a time; returns what it read (null: another process is at it).
     */
    async sync(): Promise<{ files: number; stories: number; crm: number } | null> {
      const imported = await repository.importedFiles();
      const files = (await outputFiles()).filter((name) => !imported.has(name));
      const storyIds = await repository.storiesToSync(SYNC_BATCH);
      const crm = await repository.crmCompaniesToLink(SYNC_BATCH);
      if (files.length === 0 && storyIds.length === 0 && crm.length === 0) return { files: 0, stories: 0, crm: 0 };
      try {
        const result = await repository.exclusively(async (trx) => {
          await repository.holdHeatWindow(trx, heatWindowAt(now()));
          const index = await indexFor(trx);
          for (const name of files) {
            let parsed: CrmReadyFile | undefined;
            try {
              const json: unknown = JSON.parse(
                await fs.promises.readFile(path.join(deps.scraperOutputDir, 'json', name), 'utf8'),
              );
              const result = crmReadyFileSchema.safeParse(json);
              if (result.success) parsed = result.data;
            } catch {
              parsed = undefined;
            }
            const counts = parsed
              ? await importFile(trx, index, parsed, `scraper:${name}`)
              : { companies: 0, projects: 0 };
            await repository.markImported(trx, name, counts.companies, counts.projects);
            logger.info(`accounts: imported ${name} (${counts.companies} companies, ${counts.projects} projects)`);
          }
          for (const story of await repository.storiesForFacts(trx, storyIds)) await ingestStory(trx, index, story);
          await repository.markStoriesSynced(trx, storyIds);
          for (const company of crm) {
            let id = company.story_company_id;
            // A company pushed without a story of ours (or before stories): joined by its name and listing. A
            // push that knew no name but the domain ('brackrigg.example') makes no account of its own.
            if (id === null && !/^[\w-]+(\.[\w-]+)+$/.test(company.name.trim())) {
              const tickers = company.ticker ? tickersIn(company.ticker) : [];
              id = await resolveOrCreate(
                trx,
                index,
                { name: company.name, tickers, source: `crm:${company.id}` },
                { domain: company.domain },
                true,
              );
            }
            if (id !== null) await repository.linkCrm(trx, company.id, id);
          }
          // New companies and projects may match a rule: owners are known before any alert is made.
          await repository.applyOwnershipRules(trx);
          return { files: files.length, stories: storyIds.length, crm: crm.length };
        });
        if (result) await alertOwnersOf(storyIds);
        return result;
      } finally {
        // The index learnt this batch's companies in memory: the next sync reads them back from the database,
        // or none of them when the transaction rolled back (a lost connection), so no id names a missing row.
        cached = undefined;
      }
    },

    /**
     * Runs `sync` until nothing is left (a backlog of stories is read batch by batch), or until `yieldTo` says
     * other work comes first (then it answers false: the rest is for a later call).
     */
    async syncAll(signal?: AbortSignal, yieldTo?: () => boolean): Promise<boolean> {
      for (;;) {
        if (signal?.aborted) return true;
        if (yieldTo?.()) return false;
        const done = await service.sync();
        if (!done || (done.files === 0 && done.stories < SYNC_BATCH && done.crm < SYNC_BATCH)) return true;
      }
    },

    /**
     * A watch run's hook, before its own digest: reads these articles' stories into accounts if the sync has not
     * yet (so "my accounts" and owners know them now), then alerts the owners of the high-intent ones.
     */
    async alertOwners(articleIds: number[]): Promise<void> {
      await readStoriesNow(articleIds);
      await alertOwnersOf(await repository.storiesOfArticles(articleIds));
    },

    async rules(): Promise<OwnershipRule[]> {
      return (await repository.rules()).map(toRule);
    },

    async createRule(actor: User, input: CreateOwnershipRuleRequest): Promise<OwnershipRule> {
      if (!(await repository.userExists(input.owner_id))) throw badRequest(`User ${input.owner_id} does not exist`);
      const id = await repository.transaction(async (trx) => {
        const created = await repository.insertRule(trx, {
          kind: input.kind,
          value: input.value,
          userId: input.owner_id,
        });
        if (created === undefined) throw conflict(`A ${input.kind} rule for ${input.value} exists already`);
        await repository.applyOwnershipRules(trx);
        await audit.record(
          {
            actor,
            action: 'ownership_rule_created',
            target: `${input.kind} ${input.value}`,
            detail: `owner: user ${input.owner_id}`,
          },
          trx,
        );
        return created;
      });
      const rule = (await repository.rules()).find((row) => row.id === id);
      if (!rule) throw notFound(`Rule ${id} not found`);
      return toRule(rule);
    },

    async deleteRule(actor: User, id: number): Promise<void> {
      await repository.transaction(async (trx) => {
        const removed = await repository.deleteRule(trx, id);
        if (!removed) throw notFound(`Rule ${id} not found`);
        await repository.applyOwnershipRules(trx, true);
        await audit.record(
          { actor, action: 'ownership_rule_deleted', target: `${removed.kind} ${removed.value}`, detail: null },
          trx,
        );
      });
    },

    /** Mentions resolution would not decide alone, newest first, with their candidates as they are now. */
    async reviews(): Promise<AccountReview[]> {
      const rows = await repository.openReviews(REVIEW_LIST_LIMIT);
      const ids = [...new Set(rows.flatMap((row) => row.candidate_ids))];
      const [companies, tickers] = await Promise.all([repository.companiesNamed(ids), repository.tickersOf(ids)]);
      return rows.map((row) => ({
        id: row.id,
        mention: row.mention,
        tickers: row.tickers,
        reason: row.reason,
        source: row.source,
        story_id: row.story_id,
        candidates: row.candidate_ids.flatMap((candidate) => {
          const company = companies.find((found) => found.id === candidate);
          // A candidate merged since is shown as the company it lives on in.
          const liveId = company?.merged_into ?? candidate;
          const live = companies.find((found) => found.id === liveId) ?? company;
          return live
            ? [
                {
                  id: live.id,
                  name: live.name,
                  tickers: tickers.filter((ticker) => ticker.company_id === live.id).map((ticker) => ticker.ticker),
                },
              ]
            : [];
        }),
        created_at: row.created_at.toISOString(),
      }));
    },

    /**
     * Resolves a review: `merge` merges the other live candidates into `company_id` (each an audited, reversible
     * merge) and keeps the mention as its alias; `keep_apart` leaves them apart. Either way it leaves the list.
     */
    async resolveReview(actor: User, id: number, decision: ResolveAccountReviewRequest): Promise<void> {
      const review = await repository.findReview(id);
      if (!review) throw notFound(`Review ${id} not found`);
      if (review.resolved_at !== null) throw conflict(`Review ${id} was resolved already`);
      if (decision.action === 'merge') {
        const candidates = await repository.companiesNamed(review.candidate_ids);
        const live = [...new Set(candidates.map((company) => company.merged_into ?? company.id))];
        if (!live.includes(decision.company_id))
          throw badRequest(`body.company_id: company ${decision.company_id} is not a candidate of review ${id}`);
        for (const other of live)
          if (other !== decision.company_id) await service.merge(actor, decision.company_id, other);
        await repository.transaction(async (trx) => {
          await repository.addName(trx, decision.company_id, review.mention, 'alias');
          await repository.addTickers(trx, decision.company_id, review.tickers);
          // The story that raised it is read again: its mention now resolves to the merged company.
          if (review.story_id !== null) await repository.unsyncStory(trx, review.story_id);
        });
        cached = undefined;
      }
      await repository.transaction(async (trx) => {
        if (!(await repository.resolveReview(trx, id))) throw conflict(`Review ${id} was resolved already`);
        await audit.record(
          {
            actor,
            action: 'account_review_resolved',
            target: review.mention,
            detail: decision.action === 'merge' ? `merged into company ${decision.company_id}` : 'kept apart',
          },
          trx,
        );
      });
    },

    async list(user: User, query: CompanyListQuery): Promise<{ data: CompanySummary[]; pagination: Pagination }> {
      const at = now();
      const ownerId = query.owner === 'me' ? user.id : query.owner === 'none' ? null : query.owner;
      if (query.sort === 'heat_change') await freshHeatWindow(at);
      const { rows, total } = await repository.listCompanies(query, {
        ownerId,
        horizon: daysBefore(at, EVENT_HORIZON_DAYS),
      });
      return {
        data: rows.map((row) =>
          summaryOf(
            row,
            row.recent.map(([base, time]) => ({ base, at: time })),
            at,
          ),
        ),
        pagination: pageOf(query.page, query.page_size, total),
      };
    },

    async get(id: number): Promise<CompanyDetail> {
      const at = now();
      const company = await repository.companyPage(id, {
        horizon: daysBefore(at, EVENT_HORIZON_DAYS),
        timelineLimit: TIMELINE_LIMIT,
        contactLimit: CONTACT_LIMIT,
      });
      if (!company) throw notFound(`Company ${id} not found`);
      if (company.merged_into !== null) throw notFound(`Company ${id} was merged into company ${company.merged_into}`);
      const { events } = company;
      // Events older than the horizon (shown on the timeline) lie inside heat_base and are never subtracted.
      const recent = events.map((event) => ({ base: event.base, at: new Date(event.occurred_at).getTime() }));
      const summary = summaryOf(company, recent, at);
      const whyNow = events
        .map((event) => toEvent(event, at))
        .filter((event) => event.heat_now >= 0.05)
        .sort((a, b) => b.heat_now - a.heat_now)
        .slice(0, 5);
      return {
        ...summary,
        aliases: company.names.filter((name) => name.kind === 'alias').map((name) => name.name),
        former_names: company.names.filter((name) => name.kind === 'former').map((name) => name.name),
        website: company.website,
        domain: company.domain,
        shares_m: company.shares_m,
        projects: company.projects.map((project) => ({
          id: project.id,
          name: project.name,
          country: project.country,
          state: project.state,
          location: project.location,
          commodities: project.commodities,
          stage: project.stage,
          owners: project.owners,
        })),
        timeline: company.timeline.map((entry) => ({
          story_id: entry.story_id,
          article_id: entry.article_id,
          title: entry.title,
          url: entry.url,
          published_at: new Date(entry.published_at).toISOString(),
          copies: entry.copies,
          events: events.filter((event) => event.story_id === entry.story_id).map((event) => toEvent(event, at)),
        })),
        contacts: company.contacts,
        heat_history: heatHistory((when) => heatFromRecent(company.heat_base, recent, when), at),
        why_now: whyNow,
        crm: company.crm_pushed_at
          ? {
              status: 'pushed',
              url: `/crm?company=${encodeURIComponent(company.name)}`,
              pushed_at: new Date(company.crm_pushed_at).toISOString(),
            }
          : { status: 'not_pushed', url: null, pushed_at: null },
        owner_rule_id: company.owner_rule_id ?? null,
        merges: company.merges.map((merge) => ({
          id: merge.id,
          merged_id: merge.merged_id,
          name: merge.name,
          merged_at: new Date(merge.merged_at).toISOString(),
        })),
      };
    },

    /**
     * What a CRM push of this article carries about its account (issue 34): its story's company with
     * today's heat, its most advanced project stage, the latest dated events and its projects; null when
     * the story names no company yet.
     */
    async crmAccount(articleId: number): Promise<CrmAccountFacts | null> {
      // A push soon after the analysis may come before the sync's next round (it also waits out a fetch): the
      // story is read into accounts first, or its company would reach the CRM without its account (pushed once).
      // Read after its analysis, the sync will not read it again: its owner's alert goes now, as the sync's would.
      // A story the sync read already is left to it (no alert look-up on every push).
      await alertOwnersOf(await readStoriesNow([articleId]));
      const companyId = await repository.companyOfArticle(articleId);
      if (companyId === null) return null;
      const company = await this.get(companyId);
      const stage = company.projects
        .map((project) => project.stage)
        .filter((value): value is ProjectStage => value !== null)
        .sort((a, b) => STAGE_ORDER[b] - STAGE_ORDER[a])[0];
      const latest = company.timeline
        .flatMap((entry) => entry.events)
        .sort((a, b) => (a.occurred_at < b.occurred_at ? 1 : a.occurred_at > b.occurred_at ? -1 : 0))
        .slice(0, LATEST_FACTS)
        .map((event) => `${event.occurred_at.slice(0, 10)} ${event.summary}`);
      return {
        companyId,
        path: `/companies/${companyId}`,
        heat: Math.round(company.heat * 10) / 10,
        stage: stage ?? null,
        latestFacts: [...new Set(latest)].join('; ').slice(0, 1_000),
        projects: company.projects.map((project) => ({
          id: project.id,
          name: project.name,
          stage: project.stage,
          country: project.country,
          commodities: project.commodities,
        })),
      };
    },

    async update(actor: User, id: number, changes: UpdateCompanyRequest): Promise<CompanyDetail> {
      const company = await liveCompany(id);
      if (company.merged_into !== null) throw conflict(`Company ${id} was merged into company ${company.merged_into}`);
      if (changes.owner_id !== undefined) {
        if (changes.owner_id !== null && !(await repository.userExists(changes.owner_id)))
          throw badRequest(`User ${changes.owner_id} does not exist`);
        await repository.setOwner(id, changes.owner_id);
        await audit.record({
          actor,
          action: 'company_owner_changed',
          target: company.name,
          detail: changes.owner_id === null ? 'no owner' : `owner: user ${changes.owner_id}`,
        });
      }
      if (changes.aliases !== undefined) await repository.replaceAliases(id, changes.aliases);
      return service.get(id);
    },

    async merge(actor: User, id: number, otherId: number): Promise<CompanyDetail> {
      if (id === otherId) throw badRequest('A company cannot be merged into itself');
      const [survivor, other] = await Promise.all([liveCompany(id), liveCompany(otherId)]);
      if (survivor.merged_into !== null)
        throw conflict(`Company ${id} was merged into company ${survivor.merged_into}`);
      if (other.merged_into !== null)
        throw conflict(`Company ${otherId} was already merged into company ${other.merged_into}`);
      await repository.transaction(async (trx) => {
        await repository.holdHeatWindow(trx, heatWindowAt(now()));
        const mergeId = await repository.merge(id, otherId, actor.id, trx);
        await audit.record(
          {
            actor,
            action: 'company_merged',
            target: survivor.name,
            detail: `merged ${other.name} (company ${otherId}; merge ${mergeId})`,
          },
          trx,
        );
        await repository.applyOwnershipRules(trx);
      });
      cached = undefined;
      return service.get(id);
    },

    async split(
      actor: User,
      id: number,
      mergeId: number | undefined,
    ): Promise<{ company: CompanyDetail; restored_id: number }> {
      const company = await liveCompany(id);
      const merges = await repository.openMergesInto(id);
      const merge = mergeId === undefined ? merges[0] : merges.find((candidate) => candidate.id === mergeId);
      if (!merge)
        throw mergeId === undefined
          ? conflict(`Nothing was merged into company ${id}`)
          : notFound(`Merge ${mergeId} into company ${id} not found (or already split)`);
      const restored = await repository.transaction(async (trx) => {
        await repository.holdHeatWindow(trx, heatWindowAt(now()));
        const result = await repository.split(merge.id, trx);
        await audit.record(
          {
            actor,
            action: 'company_split',
            target: company.name,
            detail: `split off ${merge.name} (company ${merge.merged_id}; merge ${merge.id})`,
          },
          trx,
        );
        return result.mergedId;
      });
      cached = undefined;
      return { company: await service.get(id), restored_id: restored };
    },

    async projects(query: ProjectListQuery): Promise<{ data: Project[]; pagination: Pagination }> {
      const { rows, total } = await repository.listProjects(query);
      const owners = await repository.ownersOfProjects(rows.map((row) => row.id));
      return {
        data: rows.map((row) => ({
          ...row,
          owners: owners
            .filter((owner) => owner.project_id === row.id)
            .map((owner) => ({ company_id: owner.company_id, name: owner.name, share_pct: owner.share_pct })),
        })),
        pagination: pageOf(query.page, query.page_size, total),
      };
    },
  };
  return service;
}
export type AccountsService = ReturnType<typeof createAccountsService>;
