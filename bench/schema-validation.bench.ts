import type { JsonSchemaObject } from '@mining-hub/contract/prompts';
import { validateFunctionSchema } from '../apps/server/src/modules/prompts/schema-validation.ts';
import { printFigure } from './lib/server.ts';

/**
 * The prompt schema check against hostile schemas an admin could paste: an enum of 10,000 values and a
 * `required` list of 100,000 names must be refused in milliseconds, never checked pair by pair. Beside
 * them, the ideal bound: one pass over the same list (building a Set of it). CPU time of this process.
 */

const ROUNDS = 20;
const values = Array.from({ length: 10_000 }, (_, index) => `v${index}`);
const names = Array.from({ length: 100_000 }, (_, index) => `n${index}`);
const withParameters = (parameters: unknown): JsonSchemaObject => ({
  name: 'extract_signal',
  description: 'Extract a signal',
  parameters,
});
const hugeEnum = withParameters({
  type: 'object',
  properties: { stage: { type: 'string', description: 'x', enum: values } },
  required: ['stage'],
  additionalProperties: false,
});
const hugeRequired = withParameters({ type: 'object', properties: {}, required: names, additionalProperties: false });

function cpuMsPerRound(work: () => unknown): number {
  work(); // warm-up
  const before = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / ROUNDS;
}

printFigure(
  'schema check, enum of 10,000 values',
  cpuMsPerRound(() => validateFunctionSchema(hugeEnum)),
  'ms',
  '(goal < 100)',
);
printFigure(
  '  baseline: one Set of the 10,000',
  cpuMsPerRound(() => new Set(values)),
  'ms',
);
printFigure(
  'schema check, 100,000 required names',
  cpuMsPerRound(() => validateFunctionSchema(hugeRequired)),
  'ms',
  '(goal < 1,000)',
);
printFigure(
  '  baseline: one Set of the 100,000',
  cpuMsPerRound(() => new Set(names)),
  'ms',
);
