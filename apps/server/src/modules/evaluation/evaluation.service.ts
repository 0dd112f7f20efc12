import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Viewer } from '@mining-hub/contract/auth';
import {
  EVALUATION_LIMITS,
  evaluationItemInputSchema,
  type CreateEvaluationSetRequest,
  type EvaluationComparison,
  type EvaluationItem,
  type EvaluationItemInput,
  type EvaluationResult,
  type EvaluationRun,
  type EvaluationRunDetail,
  type EvaluationSet,
  type ModelPrice,
  type StartEvaluationRequest,
  type UpdateEvaluationSetRequest,
} from '@mining-hub/contract/evaluation';
import { outputFieldCount, type Prompt } from '@mining-hub/contract/prompts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { NewsService } from '../news/news.service.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { EvaluationRepository, ResultRow, RunRow } from './evaluation.repository.ts';
import { mean } from './scoring.ts';

/** Runs listed per prompt; older ones stay stored and reachable by id. */
const RUNS_LISTED = 50;
/** A score difference below this is the same score. */
const SAME = 1e-9;

export interface EvaluationServiceDeps {
  repository: EvaluationRepository;
  prompts: Pick<PromptsService, 'list' | 'getActivePrompt'>;
  news: Pick<NewsService, 'getArticle'>;
  bus: LiveBus;
  /** The analyser's name ('rules', 'openai:gpt-4o-mini'): what a run records as its model. */
  model: string;
  /** Queues a run's job (pg-boss); throws where this process has no queue. */
  enqueueRun: (runId: number) => Promise<void>;
}

/** What an activation is told about the version's evaluation: an audit note, or a refusal to confirm. */
export interface ActivationEvidence {
  /** For the audit log and the answer: both scores, or why there are none. */
  note: string;
}

/** Evaluation sets, runs of prompt versions over them, their comparison, and the evidence for activation. */
export function createEvaluationService(deps: EvaluationServiceDeps) {
  const { repository } = deps;

  const setOrThrow = async (id: number): Promise<EvaluationSet> => {
    const set = await repository.findSet(id);
    if (!set) throw notFound(`Evaluation set ${id} not found`);
    return set;
  };

  const promptOrThrow = async (id: number): Promise<Prompt> => {
    const prompt = (await deps.prompts.list()).find((candidate) => candidate.id === id);
    if (!prompt) throw notFound(`Prompt ${id} not found`);
    return prompt;
  };

  const roomFor = async (setId: number, adding: number) => {
    const count = await repository.countItems(setId);
    if (count + adding > EVALUATION_LIMITS.itemsPerSet) {
      throw conflict(`A set holds at most ${EVALUATION_LIMITS.itemsPerSet} articles; this one has ${count}`);
    }
  };

  const activeRunOn = async (setId: number): Promise<RunRow | undefined> => {
    const active = await deps.prompts.getActivePrompt().catch(() => undefined);
    return active ? repository.lastCompletedRun(active.id, active.version, setId) : undefined;
  };

  async function compare(run: RunRow, results: ResultRow[]): Promise<EvaluationComparison | null> {
    if (run.set_id === null) return null;
    const baseline = await activeRunOn(run.set_id);
    if (!baseline || baseline.id === run.id) return null;
    const baselineResults = await repository.listResults(baseline.id);
    return comparison(toRun(run, results), results, toRun(baseline, baselineResults), baselineResults);
  }

  return {
    listSets: (): Promise<EvaluationSet[]> => repository.listSets(),

    /** A set with its items. */
    async getSet(id: number): Promise<{ set: EvaluationSet; items: EvaluationItem[] }> {
      const set = await setOrThrow(id);
      return { set, items: await repository.listItems(id) };
    },

    async createSet(request: CreateEvaluationSetRequest, items: EvaluationItemInput[] = []): Promise<EvaluationSet> {
      const isDefault = request.is_default ?? (await repository.countSets()) === 0;
      const id = await repository.createSet(
        { name: request.name, description: request.description ?? null, is_default: isDefault },
        items,
      );
      if (id === undefined) throw conflict(`A set named "${request.name}" exists already`);
      return setOrThrow(id);
    },

    async updateSet(id: number, request: UpdateEvaluationSetRequest): Promise<EvaluationSet> {
      if (request.name !== undefined && (await repository.nameTaken(request.name, id))) {
        throw conflict(`A set named "${request.name}" exists already`);
      }
      if (request.is_default === false && (await setOrThrow(id)).is_default) {
        throw badRequest('Make another set the default instead: the team always has one default set');
      }
      if (!(await repository.updateSet(id, request))) throw notFound(`Evaluation set ${id} not found`);
      return setOrThrow(id);
    },

    async deleteSet(id: number): Promise<void> {
      if ((await setOrThrow(id)).is_default) {
        throw conflict('The default set cannot be deleted: make another set the default first');
      }
      if (!(await repository.deleteSet(id))) throw notFound(`Evaluation set ${id} not found`);
    },

    async addItem(setId: number, item: EvaluationItemInput): Promise<EvaluationItem> {
      await setOrThrow(setId);
      await roomFor(setId, 1);
      const [added] = await repository.addItems(setId, [item]);
      if (!added) throw new Error('the item was not stored');
      return added;
    },

    /** A reviewed (analysed) article the viewer can see, with the fields they corrected, as an item of the set. */
    async addArticle(viewer: Viewer, setId: number, articleId: number, expected: Record<string, unknown>) {
      await setOrThrow(setId);
      const article = await deps.news.getArticle(viewer, articleId);
      if (!article.analysis) {
        throw conflict('Only an analysed article can be added to an evaluation set: analyse it and review it first');
      }
      await roomFor(setId, 1);
      const text = article.full_content ?? article.content ?? article.description ?? '';
      const [added] = await repository.addItems(setId, [
        {
          article_id: article.article_id,
          title: article.title,
          text: text || article.title,
          source: article.source,
          source_url: article.url,
          expected,
        },
      ]);
      if (!added) throw new Error('the item was not stored');
      return added;
    },

    async removeItem(setId: number, itemId: number): Promise<void> {
      if (!(await repository.removeItem(setId, itemId))) {
        throw notFound(`Item ${itemId} of evaluation set ${setId} not found`);
      }
    },

    /** Adds every line of a JSONL text; nothing is added when one line is wrong (400 naming the line). */
    async importJsonl(setId: number, jsonl: string): Promise<{ imported: number; set: EvaluationSet }> {
      await setOrThrow(setId);
      const items = parseJsonl(jsonl);
      await roomFor(setId, items.length);
      await repository.addItems(setId, items);
      return { imported: items.length, set: await setOrThrow(setId) };
    },

    /** The set as JSON Lines: {title, text, source, source_url, expected} per article. */
    async exportJsonl(setId: number): Promise<{ set: EvaluationSet; jsonl: string }> {
      const set = await setOrThrow(setId);
      const items = await repository.listItems(setId);
      const jsonl = items
        .map(({ title, text, source, source_url, expected }) =>
          JSON.stringify({ title, text, source, source_url, expected }),
        )
        .join('\n');
      return { set, jsonl: jsonl && `${jsonl}\n` };
    },

    /** Creates the starter set from `items` when there is no set at all (first start); a no-op afterwards. */
    async ensureStarterSet(build: () => EvaluationItemInput[]): Promise<EvaluationSet | undefined> {
      if ((await repository.countSets()) > 0) return undefined;
      const id = await repository.createSet(
        {
          name: 'Starter set (demo corpus)',
          description:
            'Demo releases whose drilling plans, metres, timeline and contacts are known. Replace it with articles your team reviewed.',
          is_default: true,
        },
        build(),
      );
      return id === undefined ? undefined : setOrThrow(id);
    },

    /** Queues a run of the prompt's current version (or of `draft`, unsaved) over a set. */
    async startRun(promptId: number, request: StartEvaluationRequest, actor: AuditActor): Promise<EvaluationRun> {
      const prompt = await promptOrThrow(promptId);
      const set = await setOrThrow(request.set_id);
      if (set.item_count === 0) throw badRequest(`The set "${set.name}" has no articles to evaluate`);
      const draft = request.draft;
      if (draft && outputFieldCount(draft.function_schema) === 0) {
        throw badRequest('The draft schema has no output fields: there would be nothing to score');
      }
      const row = await repository.insertRun({
        set_id: set.id,
        set_name: set.name,
        set_version: set.version,
        prompt_id: prompt.id,
        prompt_version: draft ? null : prompt.version,
        prompt_name: draft ? `${prompt.name} (draft)` : prompt.name,
        prompt_text: draft?.prompt_text ?? prompt.prompt_text,
        function_schema: draft?.function_schema ?? prompt.function_schema,
        model: deps.model,
        total: set.item_count,
        created_by: actor.id,
      });
      try {
        await deps.enqueueRun(row.id);
      } catch (error) {
        await repository.finishRun(row.id, 'failed', { score: null, field_scores: null, error: 'not queued' });
        throw error;
      }
      const run = toRun(row, []);
      deps.bus.publish({ userId: actor.id }, progressMessage(run));
      return run;
    },

    /** Runs of a prompt, newest first. */
    async listRuns(promptId: number): Promise<EvaluationRun[]> {
      await promptOrThrow(promptId);
      const rows = await repository.listRuns({ promptId, limit: RUNS_LISTED });
      return rows.map((row) => toRun(row, null));
    },

    /** A run with its results and, when the active version has a run on the same set, the comparison. */
    async getRun(id: number): Promise<EvaluationRunDetail> {
      const row = await repository.findRun(id);
      if (!row) throw notFound(`Evaluation run ${id} not found`);
      const results = await repository.listResults(id);
      return { run: toRun(row, results), results: results.map(toResult), comparison: await compare(row, results) };
    },

    /** Stops a queued or running run; what it scored so far stays. 409 once it has ended. */
    async cancelRun(id: number): Promise<EvaluationRun> {
      const row = await repository.findRun(id);
      if (!row) throw notFound(`Evaluation run ${id} not found`);
      const results = await repository.listResults(id);
      if (!(await repository.finishRun(id, 'cancelled', totalsOf(results)))) {
        throw conflict(`Evaluation run ${id} has already ended (${row.status})`);
      }
      const ended = await repository.findRun(id);
      const run = toRun(ended ?? row, results);
      if (row.created_by !== null) deps.bus.publish({ userId: row.created_by }, progressMessage(run));
      return run;
    },

    listPrices: (): Promise<ModelPrice[]> => repository.listPrices(),

    async replacePrices(prices: ModelPrice[]): Promise<ModelPrice[]> {
      const models = new Set(prices.map((price) => price.model));
      if (models.size !== prices.length) throw badRequest('Each model may have one price only');
      await repository.replacePrices(prices);
      return repository.listPrices();
    },

    /**
     * Before a prompt becomes active: its current version's last run on the team's default set against the
     * active version's. A lower score without `confirm` is refused with 409 and the comparison; otherwise the
     * answer says what the audit log records (both scores, or that there was no run).
     */
    async activationEvidence(promptId: number, confirm: boolean): Promise<ActivationEvidence> {
      const set = await repository.findDefaultSet();
      if (!set) return { note: 'no default evaluation set, so no evaluation' };
      const candidate = await promptOrThrow(promptId);
      const where = `on the set "${set.name}"`;
      const candidateRun = await repository.lastCompletedRun(candidate.id, candidate.version, set.id);
      if (!candidateRun || candidateRun.score === null) {
        return { note: `version ${candidate.version} has no evaluation run ${where}` };
      }
      const candidateScore = candidateRun.score;
      const active = await deps.prompts.getActivePrompt().catch(() => undefined);
      if (!active || active.id === candidate.id) {
        return { note: `scored ${percent(candidateScore)} ${where}` };
      }
      const activeRun = await repository.lastCompletedRun(active.id, active.version, set.id);
      if (!activeRun || activeRun.score === null) {
        return { note: `scored ${percent(candidateScore)} ${where}; the active version has no run there` };
      }
      const both = `scored ${percent(candidateScore)} against the active version's ${percent(activeRun.score)} ${where}`;
      if (candidateScore >= activeRun.score - SAME) return { note: both };
      if (!confirm) {
        const candidateResults = await repository.listResults(candidateRun.id);
        const activeResults = await repository.listResults(activeRun.id);
        throw new AppError(
          409,
          'confirmation_required',
          `Version ${candidate.version} of "${candidate.name}" ${both}. Confirm to activate it anyway (confirm: true).`,
          {
            candidate_score: candidateScore,
            active_score: activeRun.score,
            run_id: candidateRun.id,
            baseline_run_id: activeRun.id,
            comparison: comparison(
              toRun(candidateRun, candidateResults),
              candidateResults,
              toRun(activeRun, activeResults),
              activeResults,
            ),
          },
        );
      }
      return { note: `${both}; activated although lower, confirmed` };
    },
  };
}
export type EvaluationService = ReturnType<typeof createEvaluationService>;

/** The live message of a run's progress. */
export function progressMessage(run: Pick<EvaluationRun, 'id' | 'status' | 'done' | 'total'>) {
  return {
    type: 'evaluation_progress' as const,
    run_id: run.id,
    status: run.status,
    done: run.done,
    total: run.total,
  };
}

/** The starter set shipped beside this module (built from the demo corpus by demo/news/starter-evaluation-set.ts). */
export function starterSetItems(): EvaluationItemInput[] {
  return parseJsonl(readFileSync(path.join(import.meta.dirname, 'starter-set.jsonl'), 'utf8'));
}

function percent(score: number): string {
  return `${(score * 100).toFixed(1)}%`;
}

function parseJsonl(jsonl: string): EvaluationItemInput[] {
  const lines = jsonl.split(/\r?\n/);
  const items: EvaluationItemInput[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    if (items.length >= EVALUATION_LIMITS.importLines) {
      throw badRequest(`An import takes at most ${EVALUATION_LIMITS.importLines} lines`);
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw badRequest(`Line ${index + 1} is not valid JSON`);
    }
    const parsed = evaluationItemInputSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw badRequest(`Line ${index + 1}: ${where}${issue?.message ?? 'not an item'}`);
    }
    items.push(parsed.data);
  }
  if (items.length === 0) throw badRequest('The JSONL text has no items');
  return items;
}

/** Score and per-field means over the results so far (failed and invalid articles count 0). */
export function totalsOf(results: Pick<ResultRow, 'score' | 'field_scores'>[]): {
  score: number | null;
  field_scores: Record<string, number>;
} {
  if (results.length === 0) return { score: null, field_scores: {} };
  const byField = new Map<string, number[]>();
  for (const result of results) {
    for (const [field, score] of Object.entries(result.field_scores)) {
      const list = byField.get(field) ?? [];
      list.push(score);
      byField.set(field, list);
    }
  }
  return {
    score: mean(results.map((result) => result.score)),
    field_scores: Object.fromEntries([...byField].map(([field, scores]) => [field, mean(scores)])),
  };
}

/** The API's view of a run; `results` (when read) give the live score of a run still going. */
function toRun(row: RunRow, results: ResultRow[] | null): EvaluationRun {
  const live = results && (row.status === 'running' || row.status === 'queued' || row.score === null);
  const totals = live ? totalsOf(results) : { score: row.score, field_scores: row.field_scores ?? {} };
  const per = (value: number) => (row.done === 0 ? null : value / row.done);
  return {
    id: row.id,
    set_id: row.set_id,
    set_name: row.set_name,
    set_version: row.set_version,
    prompt_id: row.prompt_id,
    prompt_version: row.prompt_version,
    prompt_name: row.prompt_name,
    model: row.model,
    status: row.status,
    total: row.total,
    done: row.done,
    valid_count: row.valid_count,
    valid_share: per(row.valid_count),
    score: totals.score,
    field_scores: totals.field_scores,
    avg_latency_ms: per(row.latency_ms_total),
    avg_prompt_tokens: per(row.prompt_tokens),
    avg_completion_tokens: per(row.completion_tokens),
    cost_usd: row.cost_usd,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

function toResult(row: ResultRow): EvaluationResult {
  return {
    item_id: row.item_id,
    title: row.title,
    expected: row.expected,
    output: row.output,
    valid: row.valid,
    error: row.error,
    raw_output: row.raw_output,
    score: row.score,
    field_scores: row.field_scores,
    latency_ms: row.latency_ms,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
  };
}

const pair = (run: number | null, baseline: number | null) => ({
  run,
  baseline,
  delta: run === null || baseline === null ? null : run - baseline,
});

/** A run beside its baseline: overall, per field, and the articles whose output or score changed. */
export function comparison(
  run: EvaluationRun,
  results: ResultRow[],
  baseline: EvaluationRun,
  baselineResults: ResultRow[],
): EvaluationComparison {
  const fields = [...new Set([...Object.keys(run.field_scores), ...Object.keys(baseline.field_scores)])].sort();
  const before = new Map(baselineResults.map((result) => [result.item_id, result]));
  const articles: EvaluationComparison['articles'] = [];
  const counts = { better: 0, worse: 0, same: 0 };
  for (const result of results) {
    const old = before.get(result.item_id);
    if (!old) continue;
    const delta = result.score - old.score;
    const verdict = delta > SAME ? 'better' : delta < -SAME ? 'worse' : 'same';
    counts[verdict] += 1;
    if (verdict === 'same' && JSON.stringify(result.output) === JSON.stringify(old.output)) continue;
    articles.push({
      item_id: result.item_id,
      title: result.title,
      run_score: result.score,
      baseline_score: old.score,
      delta,
      verdict,
      output: result.output,
      baseline_output: old.output,
      expected: result.expected,
    });
  }
  articles.sort((a, b) => a.delta - b.delta || a.item_id - b.item_id);
  return {
    baseline,
    overall: pair(run.score, baseline.score),
    valid_share: pair(run.valid_share, baseline.valid_share),
    fields: fields.map((field) => ({
      field,
      ...pair(run.field_scores[field] ?? null, baseline.field_scores[field] ?? null),
    })),
    articles,
    ...counts,
    note:
      run.set_version === baseline.set_version
        ? null
        : `The active version's run scored version ${baseline.set_version} of the set; this run scored version ${run.set_version}.`,
  };
}
