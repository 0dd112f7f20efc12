import { z } from 'zod';
import { rowIdSchema, successData } from './common.ts';
import { functionSchemaSchema, promptSchema, PROMPT_LIMITS } from './prompts.ts';

/*
 * Prompt evaluation (issue 36): sets of reviewed articles with the output expected of each, runs of a prompt
 * version (or an unsaved draft) over a set, and the comparison of a run with the active version's run.
 */

export const EVALUATION_LIMITS = {
  name: 200,
  description: 2_000,
  title: 1_000,
  text: 200_000,
  url: 2_000,
  itemsPerSet: 2_000,
  /** Lines of one JSONL import (the request body is also limited to 1 MB). */
  importLines: 2_000,
};

/** The expected fields of one article: a subset of the output schema's fields. */
export const expectedFieldsSchema = z.record(z.string(), z.unknown());
export type ExpectedFields = z.infer<typeof expectedFieldsSchema>;

export const evaluationSetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** One more after every change of its items: a run records the version it scored. */
  version: z.number().int(),
  /** The team's default set: activating a prompt version compares runs on it. */
  is_default: z.boolean(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EvaluationSet = z.infer<typeof evaluationSetSchema>;

export const evaluationItemSchema = z.object({
  id: z.number().int(),
  set_id: z.number().int(),
  /** The reviewed article it was added from; null for imported items. */
  article_id: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  source: z.string(),
  source_url: z.string().nullable(),
  expected: expectedFieldsSchema,
  created_at: z.string(),
});
export type EvaluationItem = z.infer<typeof evaluationItemSchema>;

export const createEvaluationSetRequestSchema = z.object({
  name: z.string().trim().min(1, 'A set needs a name').max(EVALUATION_LIMITS.name),
  description: z.string().max(EVALUATION_LIMITS.description).nullable().optional(),
  is_default: z.boolean().optional(),
});
export const updateEvaluationSetRequestSchema = createEvaluationSetRequestSchema.partial();
export type CreateEvaluationSetRequest = z.infer<typeof createEvaluationSetRequestSchema>;
export type UpdateEvaluationSetRequest = z.infer<typeof updateEvaluationSetRequestSchema>;

/** One item as written by hand, or one line of a JSONL file. */
export const evaluationItemInputSchema = z.object({
  title: z.string().trim().min(1, 'An item needs a title').max(EVALUATION_LIMITS.title),
  text: z.string().trim().min(1, 'An item needs the article text').max(EVALUATION_LIMITS.text),
  source: z.string().max(EVALUATION_LIMITS.name).optional(),
  source_url: z.string().max(EVALUATION_LIMITS.url).nullable().optional(),
  expected: expectedFieldsSchema.refine((value) => Object.keys(value).length > 0, 'An item needs expected fields'),
});
export type EvaluationItemInput = z.infer<typeof evaluationItemInputSchema>;

/** A member adds a reviewed (analysed) article, with the fields they corrected. */
export const addArticleToSetRequestSchema = z.object({
  article_id: rowIdSchema,
  expected: expectedFieldsSchema.refine((value) => Object.keys(value).length > 0, 'Give the expected fields'),
});

export const importEvaluationItemsRequestSchema = z.object({
  /** JSON Lines: one {title, text, source_url, expected} object per line. */
  jsonl: z.string().min(1),
});
export const importEvaluationItemsResponseSchema = successData(
  z.object({ imported: z.number().int(), set: evaluationSetSchema }),
);

export const evaluationSetResponseSchema = successData(evaluationSetSchema);
export const evaluationSetListResponseSchema = successData(z.array(evaluationSetSchema));
export const evaluationItemResponseSchema = successData(evaluationItemSchema);
export const evaluationSetDetailResponseSchema = successData(
  z.object({ set: evaluationSetSchema, items: z.array(evaluationItemSchema) }),
);
export const setItemParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  itemId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---------------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------------

export const EVALUATION_RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export const evaluationRunStatusSchema = z.enum(EVALUATION_RUN_STATUSES);
export type EvaluationRunStatus = z.infer<typeof evaluationRunStatusSchema>;

export const evaluationRunSchema = z.object({
  id: z.number().int(),
  set_id: z.number().int().nullable(),
  set_name: z.string(),
  set_version: z.number().int(),
  prompt_id: z.number().int().nullable(),
  /** Null for an unsaved draft. */
  prompt_version: z.number().int().nullable(),
  prompt_name: z.string(),
  /** The analyser it ran with: 'rules' or 'openai:<model>'. */
  model: z.string(),
  status: evaluationRunStatusSchema,
  total: z.number().int(),
  done: z.number().int(),
  valid_count: z.number().int(),
  /** Share of the outputs so far that were valid against the schema (0..1); null before the first. */
  valid_share: z.number().nullable(),
  /** Mean article score (0..1) over the finished articles; null before the first. */
  score: z.number().nullable(),
  /** Mean score per expected field. */
  field_scores: z.record(z.string(), z.number()),
  avg_latency_ms: z.number().nullable(),
  avg_prompt_tokens: z.number().nullable(),
  avg_completion_tokens: z.number().nullable(),
  /** From the price table; null when the model has no price there. */
  cost_usd: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type EvaluationRun = z.infer<typeof evaluationRunSchema>;

export const evaluationResultSchema = z.object({
  item_id: z.number().int(),
  title: z.string(),
  expected: expectedFieldsSchema,
  output: z.record(z.string(), z.unknown()).nullable(),
  valid: z.boolean(),
  error: z.string().nullable(),
  /** What the model answered when that was not a valid output (not JSON, or against the schema), else null. */
  raw_output: z.string().nullable(),
  score: z.number(),
  field_scores: z.record(z.string(), z.number()),
  latency_ms: z.number(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
});
export type EvaluationResult = z.infer<typeof evaluationResultSchema>;

export const startEvaluationRequestSchema = z.object({
  set_id: rowIdSchema,
  /** Run this unsaved text and schema instead of the saved version (the editor's draft). */
  draft: z
    .object({
      prompt_text: z.string().trim().min(1).max(PROMPT_LIMITS.promptText),
      function_schema: functionSchemaSchema,
    })
    .optional(),
});
export type StartEvaluationRequest = z.infer<typeof startEvaluationRequestSchema>;
/** What a client sends (the schema's description may be left out). */
export type StartEvaluationInput = z.input<typeof startEvaluationRequestSchema>;

export const VERDICTS = ['better', 'worse', 'same'] as const;
export const verdictSchema = z.enum(VERDICTS);

const scorePair = z.object({
  run: z.number().nullable(),
  baseline: z.number().nullable(),
  delta: z.number().nullable(),
});

/** A run beside the active version's last completed run on the same set. */
export const evaluationComparisonSchema = z.object({
  baseline: evaluationRunSchema,
  overall: scorePair,
  valid_share: scorePair,
  fields: z.array(scorePair.extend({ field: z.string() })),
  /** Articles whose output or score changed, worst change first. */
  articles: z.array(
    z.object({
      item_id: z.number().int(),
      title: z.string(),
      run_score: z.number().nullable(),
      baseline_score: z.number().nullable(),
      delta: z.number(),
      verdict: verdictSchema,
      output: z.record(z.string(), z.unknown()).nullable(),
      baseline_output: z.record(z.string(), z.unknown()).nullable(),
      expected: expectedFieldsSchema,
    }),
  ),
  better: z.number().int(),
  worse: z.number().int(),
  same: z.number().int(),
  /** Set when the baseline scored another version of the set. */
  note: z.string().nullable(),
});
export type EvaluationComparison = z.infer<typeof evaluationComparisonSchema>;

export const evaluationRunResponseSchema = successData(evaluationRunSchema);
export const evaluationRunListResponseSchema = successData(z.array(evaluationRunSchema));
export const evaluationRunDetailResponseSchema = successData(
  z.object({
    run: evaluationRunSchema,
    results: z.array(evaluationResultSchema),
    comparison: evaluationComparisonSchema.nullable(),
  }),
);
export type EvaluationRunDetail = z.infer<typeof evaluationRunDetailResponseSchema>['data'];

// ---------------------------------------------------------------------------------------------------
// Prices and activation
// ---------------------------------------------------------------------------------------------------

export const modelPriceSchema = z.object({
  model: z.string().trim().min(1).max(200),
  /** US dollars per million input (prompt) tokens. */
  input_per_million: z.number().nonnegative().max(10_000),
  /** US dollars per million output (completion) tokens. */
  output_per_million: z.number().nonnegative().max(10_000),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export const modelPricesRequestSchema = z.object({ prices: z.array(modelPriceSchema).max(200) });
export const modelPricesResponseSchema = successData(z.array(modelPriceSchema));

/** POST /prompts/{id}/activate: `confirm` activates although its last run scored below the active version's. */
export const activatePromptRequestSchema = z.object({ confirm: z.boolean().optional() }).nullish();

/** The activated prompt, and what its evaluation said (both scores, or that it had no run); null without a default set. */
export const activatePromptResponseSchema = successData(promptSchema).extend({
  evaluation_note: z.string().nullable(),
});

/** The 409 an unconfirmed activation of a lower-scoring version answers. */
export const activationNeedsConfirmationSchema = z.object({
  detail: z.string(),
  code: z.literal('confirmation_required'),
  candidate_score: z.number(),
  active_score: z.number(),
  run_id: z.number().int(),
  baseline_run_id: z.number().int(),
  comparison: evaluationComparisonSchema,
});
export type ActivationNeedsConfirmation = z.infer<typeof activationNeedsConfirmationSchema>;

/** The live message of a run's progress, to the admin who started it. */
export const evaluationProgressSchema = z.object({
  run_id: z.number().int(),
  status: evaluationRunStatusSchema,
  done: z.number().int(),
  total: z.number().int(),
});
