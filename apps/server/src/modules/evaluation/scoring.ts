import { isRecord } from '@mining-hub/contract/is-record';

/*
 * Scores one output against the fields a reviewer expected, field by field, by the field's type in the output
 * schema (or, for a field the schema no longer has, by the expected value's own type):
 * - enums and booleans: exact (after trimming);
 * - numbers: right within NUMBER_TOLERANCE of the expected value (relative);
 * - strings: token-set F1 (words and numbers, case-folded, '12,000' read as '12000');
 * - arrays of strings or numbers: set F1 of the normalised elements;
 * - contacts (arrays of objects with names or e-mails): F1 of the people matched by e-mail, then by full name;
 * - objects: the mean of their own fields.
 * Every score is in 0..1. An output missing an expected field scores 0 on it.
 */

/** A number within 5 % of the expected one is right. */
export const NUMBER_TOLERANCE = 0.05;

export type FieldKind = 'exact' | 'number' | 'text' | 'set' | 'contacts' | 'object';

export interface OutputScore {
  /** Mean of the field scores; 1 when nothing was expected. */
  score: number;
  fields: Record<string, number>;
}

/** Scores `output` (null: no valid output) against `expected`, using the schema's `parameters`. */
export function scoreOutput(
  parameters: Record<string, unknown>,
  expected: Record<string, unknown>,
  output: Record<string, unknown> | null,
): OutputScore {
  const properties = isRecord(parameters.properties) ? parameters.properties : {};
  const fields: Record<string, number> = {};
  for (const [field, want] of Object.entries(expected)) {
    const schema = properties[field];
    fields[field] =
      output && field in output ? scoreValue(isRecord(schema) ? schema : undefined, want, output[field]) : 0;
  }
  const values = Object.values(fields);
  return { score: values.length === 0 ? 1 : mean(values), fields };
}

/** How a field is compared: from its schema when it has one, else from the expected value. */
export function fieldKind(schema: Record<string, unknown> | undefined, expected: unknown): FieldKind {
  const type = schema ? (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) : undefined;
  if (schema && (Array.isArray(schema.enum) || type === 'boolean')) return 'exact';
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'string') return 'text';
  if (type === 'array') {
    const items = isRecord(schema?.items) ? schema.items : undefined;
    if (items?.type === 'object' || isRecord(items?.properties)) return 'contacts';
    return 'set';
  }
  if (type === 'object') return 'object';
  // No usable schema: go by the expected value.
  if (typeof expected === 'boolean') return 'exact';
  if (typeof expected === 'number') return 'number';
  if (Array.isArray(expected)) return expected.some(isRecord) ? 'contacts' : 'set';
  if (isRecord(expected)) return 'object';
  return 'text';
}

/** One value's score in 0..1. */
export function scoreValue(schema: Record<string, unknown> | undefined, expected: unknown, actual: unknown): number {
  switch (fieldKind(schema, expected)) {
    case 'exact':
      return normaliseScalar(expected) === normaliseScalar(actual) ? 1 : 0;
    case 'number':
      return numberScore(expected, actual);
    case 'text':
      return tokenSetF1(textOf(expected), textOf(actual));
    case 'set':
      return setF1(listOf(expected).map(normaliseElement), listOf(actual).map(normaliseElement));
    case 'contacts':
      return contactsF1(listOf(expected).filter(isRecord), listOf(actual).filter(isRecord));
    case 'object': {
      if (!isRecord(expected)) return 0;
      const properties = isRecord(schema?.properties) ? schema.properties : {};
      return scoreOutput({ properties }, expected, isRecord(actual) ? actual : null).score;
    }
  }
}

function numberScore(expected: unknown, actual: unknown): number {
  const want = toNumber(expected);
  const got = toNumber(actual);
  if (want === undefined || got === undefined) return want === got ? 1 : 0;
  return Math.abs(want - got) <= Math.abs(want) * NUMBER_TOLERANCE + 1e-9 ? 1 : 0;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value.replaceAll(',', ''));
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function normaliseScalar(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  return JSON.stringify(value ?? null);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

// Thousands separators and decimal commas inside a number; the words and numbers of a text (letters and digits
// of any script, a decimal part kept). For a text all in ASCII the same reading has simpler expressions, a few
// times faster: most texts a run compares are ASCII (scoring.test.ts checks both readings agree).
const THOUSANDS = /(\d)[,\u00a0\u202f](?=\d{3}\b)/gu;
const WORDS = /[\p{L}\p{N}]+(?:\.\d+)?/gu;
const ASCII_THOUSANDS = /(\d),(?=\d{3}\b)/g;
const ASCII_WORDS = /[a-z0-9]+(?:\.\d+)?/g;
const NOT_ASCII = /\P{ASCII}/u;

/** Words and numbers of a text, case-folded; thousands separators and decimal commas do not split a number. */
export function tokens(text: string): Set<string> {
  return new Set(tokenList(text));
}

function tokenList(text: string): string[] {
  const lower = text.toLowerCase();
  if (NOT_ASCII.test(lower)) return lower.replace(THOUSANDS, '$1').match(WORDS) ?? [];
  return (lower.includes(',') ? lower.replace(ASCII_THOUSANDS, '$1') : lower).match(ASCII_WORDS) ?? [];
}

/** Token-set F1 of two texts: 1 when both are empty, 0 when only one is. */
export function tokenSetF1(expected: string, actual: string): number {
  // The same text has the same words (the usual case for a field a prompt gets right).
  if (expected === actual) return 1;
  return setsF1(tokens(expected), tokens(actual));
}

function normaliseElement(value: unknown): string {
  return [...tokens(textOf(value))].join(' ');
}

/** F1 of two sets (duplicates ignored): 1 when both are empty, 0 when only one is. */
export function setF1(expected: readonly string[], actual: readonly string[]): number {
  return setsF1(new Set(expected), new Set(actual));
}

function setsF1(want: ReadonlySet<string>, got: ReadonlySet<string>): number {
  if (want.size === 0 && got.size === 0) return 1;
  if (want.size === 0 || got.size === 0) return 0;
  let common = 0;
  for (const item of got) if (want.has(item)) common += 1;
  return f1(common, want.size, got.size);
}

function f1(common: number, expectedCount: number, actualCount: number): number {
  if (common === 0) return 0;
  const precision = common / actualCount;
  const recall = common / expectedCount;
  return (2 * precision * recall) / (precision + recall);
}

const textField = (contact: Record<string, unknown>, key: string) =>
  typeof contact[key] === 'string' ? contact[key] : '';

function emailOf(contact: Record<string, unknown>): string {
  return textField(contact, 'email').trim().toLowerCase();
}

function fullNameOf(contact: Record<string, unknown>): string {
  const name = textField(contact, 'name') || `${textField(contact, 'first_name')} ${textField(contact, 'last_name')}`;
  return [...tokens(name)].join(' ');
}

/**
 * F1 of contacts, one expected person matching at most one output person: by e-mail first, then, among the
 * people left on both sides, by full name (a name is read only for them: most contacts match by e-mail).
 */
export function contactsF1(expected: Record<string, unknown>[], actual: Record<string, unknown>[]): number {
  if (expected.length === 0 && actual.length === 0) return 1;
  if (expected.length === 0 || actual.length === 0) return 0;
  const wantLeft = new Set(expected.keys());
  const gotLeft = new Set(actual.keys());
  const match = (keyOf: (contact: Record<string, unknown>) => string) => {
    // Per key, the output people left who have it, in order: two people may share one (an info@ address).
    const gotByKey = new Map<string, number[]>();
    for (const index of gotLeft) {
      const key = keyOf(actual[index] as Record<string, unknown>);
      if (key === '') continue;
      const holders = gotByKey.get(key);
      if (holders) holders.push(index);
      else gotByKey.set(key, [index]);
    }
    for (const index of wantLeft) {
      const key = keyOf(expected[index] as Record<string, unknown>);
      const other = key === '' ? undefined : gotByKey.get(key)?.shift();
      if (other === undefined) continue;
      gotLeft.delete(other);
      wantLeft.delete(index);
    }
  };
  match(emailOf);
  if (wantLeft.size > 0 && gotLeft.size > 0) match(fullNameOf);
  return f1(expected.length - wantLeft.size, expected.length, actual.length);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
