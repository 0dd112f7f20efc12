import { buyingIntentSchema, RUBRIC_INTENT_FIELD, type RubricIntent } from '@mining-hub/contract/articles';
import { clip } from '../../lib/text.ts';
import type { ArticleFacts } from './rules-facts.ts';
import { moneyShort, programmeShort } from './rules-rubric.ts';
import { Writer } from './rules-writer.ts';

/*
 * The facts and the rubric beside an AI analysis (DESIGN.md §6: facts are context for the prompt and the
 * AI's answer stays beside them, never over them): the facts as lines for the user message, and the
 * rubric's score stored next to the AI's as `rubric_intent`.
 */

const MAX_LINES_PER_KIND = 6;
const MAX_CONTEXT_CHARS = 1_500;

/** 'Facts read from the text…' with one line a fact, or '' when the extractor found none. */
export function factsContext(facts: ArticleFacts): string {
  const { mining } = facts;
  const lines = [
    ...mining.issuers
      .slice(0, 1)
      .map((i) => `Issuer: ${i.name}${i.tickers.length ? ` (${i.tickers.join(', ')})` : ''}`),
    ...mining.intercepts
      .slice(0, MAX_LINES_PER_KIND)
      .map(
        (i) =>
          `Intercept: ${i.including ? 'including ' : ''}${i.width_m} m @ ${i.grade} ${i.unit} ${i.element}${i.hole_id ? ` in ${i.hole_id}` : ''}${i.from_m !== null ? ` from ${i.from_m} m` : ''}`,
      ),
    ...mining.programmes
      .slice(0, MAX_LINES_PER_KIND)
      .map((p) => `Programme (${p.status ?? 'status unknown'}): ${programmeShort(p)}`),
    ...mining.resources
      .slice(0, MAX_LINES_PER_KIND)
      .map(
        (r) =>
          `Resource: ${r.category}${r.tonnes_mt !== null ? ` ${r.tonnes_mt} Mt` : ''}${r.grade !== null ? ` @ ${r.grade} ${r.unit ?? ''} ${r.element ?? ''}`.trimEnd() : ''}${r.contained !== null ? ` for ${r.contained.toLocaleString('en-US')} ${r.contained_unit ?? ''}` : ''}`,
      ),
    ...mining.studies.map(
      (s) =>
        `Study: ${s.stage}${s.npv ? ` NPV ${moneyShort(s.npv.amount, s.npv.currency)}` : ''}${s.irr_pct !== null ? ` IRR ${s.irr_pct}%` : ''}${s.capex ? ` capex ${moneyShort(s.capex.amount, s.capex.currency)}` : ''}`,
    ),
    ...mining.financings.map(
      (f) =>
        `Financing: ${moneyShort(f.amount, f.currency) || 'amount not stated'} ${f.type} ${f.status}${f.funds_drilling ? ', funds drilling' : ''}`,
    ),
  ];
  if (lines.length === 0) return '';
  return clip(
    [
      'Facts read from the text by an offline extractor (check them against the text):',
      ...lines.map((l) => `- ${l}`),
    ].join('\n'),
    MAX_CONTEXT_CHARS,
  );
}

/** The answer with the rubric's intent beside the AI's, when the prompt scores `buying_intent_score`. */
export function rubricBeside(answer: Record<string, unknown>, facts: ArticleFacts): Record<string, unknown> {
  if (!('buying_intent_score' in answer)) return answer;
  const writer = new Writer(facts);
  const ai = buyingIntentSchema.safeParse(answer.buying_intent_score);
  const rubric: RubricIntent = {
    level: writer.intent(),
    reasons: writer.intentReasons(),
    disagrees: !ai.success || ai.data !== writer.intent(),
  };
  return { ...answer, [RUBRIC_INTENT_FIELD]: rubric };
}
