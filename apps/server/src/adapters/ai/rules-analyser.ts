import {
  AnalysisError,
  askingForIntentReasons,
  INTENT_REASONS_FIELD,
  schemaViolation,
  takeIntentReasons,
  type AiAnalyser,
  type AnalysisRequest,
  type FactsReader,
} from './ai-analyser.ts';
import { extractFacts } from './rules-extraction.ts';
import { fill } from './rules-schema-fill.ts';
import { Writer } from './rules-writer.ts';
import { isRecord } from '@mining-hub/contract/is-record';

/*
 * The offline analyser: answers any prompt's function schema from the article text alone. The default
 * schema's fields are written from the extracted facts; any other schema gets, field by field, the fact
 * its name asks for (summary, company, commodity, country…) or a valid value of its type.
 */

/** The offline default analyser: no network, no key; fills the default schema from the text and its facts. */
export function createRulesAnalyser(readFacts?: FactsReader): AiAnalyser {
  return {
    name: 'rules',
    async analyse(request, signal) {
      if (signal?.aborted) throw new AnalysisError('The analysis was cancelled', { retryable: true });
      return analyseWithRules(request, readFacts);
    },
  };
}

/** The rules analysis, synchronously: a valid answer to `request.functionSchema` or an AnalysisError. */
export function analyseWithRules(request: AnalysisRequest, readFacts?: FactsReader): Record<string, unknown> {
  const facts = extractFacts(request.article, readFacts);
  const writer = new Writer(facts);
  const asked = askingForIntentReasons(request.functionSchema);
  const root = asked.schema.parameters;
  const value = fill(root, '', { root, writer, depth: 0, inContact: null });
  const filled = isRecord(value) ? value : {};
  const { rest, reasons } = asked.added ? takeIntentReasons(filled) : { rest: filled, reasons: [] };
  const violation = schemaViolation(request.functionSchema, rest);
  if (violation) {
    throw new AnalysisError(`The offline analyser cannot fill this schema: ${violation}`, { retryable: false });
  }
  return asked.added ? { ...rest, [INTENT_REASONS_FIELD]: reasons } : rest;
}
