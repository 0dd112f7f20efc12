import { setTimeout as sleep } from 'node:timers/promises';
import { AnalysisError, type AiAnalyser } from '../../adapters/ai/ai-analyser.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { Logger } from '../../logging.ts';
import type { EvaluationRepository, ItemToRun, NewResult } from './evaluation.repository.ts';
import { progressMessage, totalsOf } from './evaluation.service.ts';
import { scoreOutput } from './scoring.ts';

export interface EvaluationRunnerDeps {
  repository: EvaluationRepository;
  analyser: AiAnalyser;
  bus: LiveBus;
  logger: Logger;
  /** Analyses at once: the pipeline's AI limit (PIPELINE_AI_CONCURRENCY). */
  concurrency: number;
  /** How often a running run looks whether it was cancelled (500 ms). */
  cancelPollMs?: number;
  /** Attempts per article when the AI service asks to wait (429, 5xx, timeouts): 4. */
  attempts?: number;
  /** Longest wait between two attempts, whatever Retry-After says (60 s). */
  maxWaitMs?: number;
  /** Results are stored (and the live message sent) at least this often while a run goes on: 1 s. */
  flushMs?: number;
}

/**
 * Runs an evaluation: every item of the set not yet scored in this run (a run taken over after a crash goes
 * on where it was), `concurrency` at a time, calling only the analyser, never the pipeline or the CRM.
 */
export function createEvaluationRunner(deps: EvaluationRunnerDeps) {
  const attempts = deps.attempts ?? 4;
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  const flushMs = deps.flushMs ?? 1_000;

  async function execute(runId: number): Promise<void> {
    // The attempt is taken before reading what is stored: an earlier attempt's write either landed before
    // (and is read here) or is refused, so every item counts once.
    const run = await deps.repository.startRun(runId);
    if (!run) return;
    if (run.set_id === null) {
      await deps.repository.finishRun(runId, 'failed', {
        score: null,
        field_scores: null,
        error: 'The evaluation set was deleted before the run started',
      });
      return;
    }
    const { function_schema: schema, prompt_text: systemPrompt, attempt } = run;
    const items = await deps.repository.itemsToRun(run.set_id);
    // The first attempt has nothing stored yet.
    const scored = attempt === 1 ? new Set<number>() : await deps.repository.resultItemIds(runId);
    const todo = items.filter((item) => !scored.has(item.id));

    const stop = new AbortController();
    const poll = setInterval(() => {
      void deps.repository.runStatus(runId).then(
        (status) => status !== 'running' && stop.abort(),
        () => undefined,
      );
    }, deps.cancelPollMs ?? 500);
    let done = scored.size;
    let pending: NewResult[] = [];
    const finished: NewResult[] = [];
    let lastFlush = performance.now();
    const flush = async () => {
      const batch = pending;
      pending = [];
      lastFlush = performance.now();
      if (batch.length === 0 || stop.signal.aborted) return;
      if (!(await deps.repository.saveResults(runId, attempt, batch))) {
        // Cancelled, or taken over by another worker: this one stops.
        stop.abort();
        return;
      }
      finished.push(...batch);
      done += batch.length;
      if (run.created_by !== null) {
        deps.bus.publish({ userId: run.created_by }, progressMessage({ ...toProgress(run), status: 'running', done }));
      }
    };

    const analyseOne = async (item: ItemToRun): Promise<NewResult> => {
      const usage = { promptTokens: 0, completionTokens: 0 };
      const began = performance.now();
      let output: Record<string, unknown> | null = null;
      let error: string | null = null;
      let rawOutput: string | null = null;
      for (let attempt = 1; ; attempt += 1) {
        try {
          output = await deps.analyser.analyse(
            {
              systemPrompt,
              functionSchema: schema,
              article: {
                title: item.title,
                text: item.text,
                source: item.source,
                url: item.source_url,
                publishedAt: null,
              },
              onUsage: (counted) => {
                usage.promptTokens += counted.promptTokens;
                usage.completionTokens += counted.completionTokens;
              },
            },
            stop.signal,
          );
          break;
        } catch (caught) {
          const failure = caught instanceof AnalysisError ? caught : undefined;
          error = caught instanceof Error ? caught.message : String(caught);
          rawOutput = failure?.rawAnswer ?? null;
          if (!failure?.retryable || attempt >= attempts || stop.signal.aborted) break;
          const waitMs = Math.min(maxWaitMs, failure.retryAfterMs ?? 1_000 * 2 ** (attempt - 1));
          await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => undefined);
          error = null;
          rawOutput = null;
        }
      }
      const { score, fields } = scoreOutput(schema.parameters, item.expected, output);
      return {
        item_id: item.id,
        title: item.title,
        expected: item.expected,
        output,
        valid: output !== null,
        error: output === null ? error : null,
        raw_output: output === null ? rawOutput : null,
        score,
        field_scores: fields,
        latency_ms: performance.now() - began,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
      };
    };

    // `concurrency` workers taking the next item in turn (no promise per item waiting in a queue).
    let next = 0;
    const work = async () => {
      while (next < todo.length && !stop.signal.aborted) {
        const item = todo[next++] as ItemToRun;
        const result = await analyseOne(item);
        if (stop.signal.aborted) return;
        pending.push(result);
        if (performance.now() - lastFlush >= flushMs) await flush();
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, deps.concurrency) }, work));
      if (scored.size === 0 && pending.length > 0 && !stop.signal.aborted) {
        // A first attempt has all its results here: the last batch is stored and the run ended in one statement.
        const batch = pending;
        pending = [];
        if (!(await deps.repository.saveResults(runId, attempt, batch, totalsOf([...finished, ...batch])))) return;
        done += batch.length;
      } else {
        await flush();
        if (stop.signal.aborted) return;
        // A run taken over after a crash also counts what the earlier attempt stored.
        const results = scored.size === 0 ? finished : await deps.repository.listResults(runId);
        await deps.repository.finishRun(runId, 'completed', totalsOf(results));
      }
      if (run.created_by !== null) {
        deps.bus.publish(
          { userId: run.created_by },
          progressMessage({ ...toProgress(run), status: 'completed', done }),
        );
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.logger.error({ err: error }, `evaluation run ${runId} failed`);
      await deps.repository
        .finishRun(runId, 'failed', { score: null, field_scores: null, error: reason })
        .catch(() => undefined);
      if (run.created_by !== null) {
        deps.bus.publish({ userId: run.created_by }, progressMessage({ ...toProgress(run), status: 'failed', done }));
      }
    } finally {
      clearInterval(poll);
      stop.abort();
    }
  }

  return { execute };
}
export type EvaluationRunner = ReturnType<typeof createEvaluationRunner>;

function toProgress(run: { id: number; total: number }) {
  return { id: run.id, total: run.total };
}
