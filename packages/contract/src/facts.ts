import { z } from 'zod';

/**
 * Mining facts read from a release's text by the facts extractor (apps/server/src/modules/facts): who the
 * release is about and the numbers a supplier's rep sells against. Every fact carries the words it was read
 * from: `quote` is `text.slice(start, end)` of the text the extractor was given (a sentence, a bullet or a
 * table row; for a study, the lines its figures came from). A field a release does not state is null.
 */

const sourceSpan = {
  /** The sentence, bullet or table row the fact was read from, exactly as in the text. */
  quote: z.string(),
  /** Offset of the quote's first character in the text (UTF-16 code units, as String.prototype.slice). */
  start: z.int().min(0),
  /** Offset just past the quote's last character. */
  end: z.int().min(0),
};

/** A stock listing as `EXCHANGE:SYMBOL`: 'TSXV:ABC', 'ASX:XYZ', 'OTCQB:ABCDF', 'NYSE American:AAU'. */
export const tickerSchema = z.string().regex(/^[A-Za-z][A-Za-z ]*:[A-Z0-9.]+$/);

/** The company a release is about (not a funder, buyer, agent or partner it names). */
export const issuerFactSchema = z.object({
  /** As the release writes it, legal suffix included: 'Labrador Gold Corp.'. */
  name: z.string(),
  tickers: z.array(tickerSchema),
  ...sourceSpan,
});

export const projectFactSchema = z.object({
  /** 'Goldlund Gold Project'. */
  name: z.string(),
  /** ISO 3166 alpha-2 code of the reference data. */
  country: z.string().nullable(),
  /** State or province code of the reference data. */
  state: z.string().nullable(),
  ...sourceSpan,
});

/** Grade units after normalisation: 'gpt', 'grams per tonne' → 'g/t'; 'per cent' → '%'; 'opt' → 'oz/t'. */
// 'mg/L': lithium in brine, an aquifer's average concentration.
export const GRADE_UNITS = ['g/t', '%', 'ppm', 'ppb', 'oz/t', 'lb/t', 'kg/t', 'mg/L'] as const;
export const gradeUnitSchema = z.enum(GRADE_UNITS);
export type GradeUnit = z.infer<typeof gradeUnitSchema>;

export const DRILL_TYPES = ['diamond', 'RC', 'aircore', 'RAB', 'sonic', 'auger', 'percussion', 'rotary'] as const;
export const drillTypeSchema = z.enum(DRILL_TYPES);
export type DrillType = z.infer<typeof drillTypeSchema>;

/** A drill intercept: '12.5 m @ 3.2 g/t Au from 44 m', a table row, or the 'including' interval inside one. */
export const interceptFactSchema = z.object({
  /** As written: 'GL-20-018', 'NZAC033'; null when the release does not say which hole. */
  hole_id: z.string().nullable(),
  from_m: z.number().nullable(),
  to_m: z.number().nullable(),
  /** Downhole length in metres (feet converted). */
  width_m: z.number(),
  true_width_m: z.number().nullable(),
  /** The first grade stated for the interval. */
  grade: z.number(),
  unit: gradeUnitSchema,
  /** Symbol or formula: 'Au', 'Cu', 'Li2O', 'U3O8', 'AuEq', 'TREO'. */
  element: z.string(),
  /** A higher-grade interval inside the one before it ('including 2.1 m @ 11.4 g/t'). */
  including: z.boolean(),
  drill_type: drillTypeSchema.nullable(),
  ...sourceSpan,
});

export const PROGRAMME_STATUSES = ['planned', 'underway', 'completed'] as const;
export const programmeStatusSchema = z.enum(PROGRAMME_STATUSES);

/** A drill programme: 'a 10,000 m RC programme starting in Q1'. */
export const programmeFactSchema = z.object({
  metres: z.number().nullable(),
  holes: z.number().nullable(),
  rigs: z.number().nullable(),
  /** The timing as worded: 'Q1 2026', 'early January', 'this summer'. */
  timing: z.string().nullable(),
  status: programmeStatusSchema.nullable(),
  drill_type: drillTypeSchema.nullable(),
  ...sourceSpan,
});

export const RESOURCE_CATEGORIES = [
  'Measured',
  'Indicated',
  'Measured & Indicated',
  'Inferred',
  'Proven',
  'Probable',
  'Proven & Probable',
  'Total',
] as const;
export const resourceCategorySchema = z.enum(RESOURCE_CATEGORIES);
export const RESOURCE_STANDARDS = ['NI 43-101', 'JORC', 'SAMREC', 'S-K 1300'] as const;

/** A resource or reserve line: 'Indicated 4.6 Mt @ 3.2 g/t Au for 474 koz'. */
export const resourceFactSchema = z.object({
  category: resourceCategorySchema,
  /** Million tonnes (tons as written are not converted). */
  tonnes_mt: z.number().nullable(),
  grade: z.number().nullable(),
  unit: gradeUnitSchema.nullable(),
  element: z.string().nullable(),
  /** Contained metal in `contained_unit`: ounces, pounds or tonnes (1.1 Moz is 1,100,000 oz). */
  contained: z.number().nullable(),
  contained_unit: z.enum(['oz', 'lb', 't']).nullable(),
  /** The cut-off grade as written: '0.5 g/t Au', '0.4% Ni'. */
  cutoff: z.string().nullable(),
  standard: z.enum(RESOURCE_STANDARDS).nullable(),
  ...sourceSpan,
});

export const STUDY_STAGES = ['Scoping', 'PEA', 'PFS', 'FS', 'DFS', 'BFS'] as const;
export const studyStageSchema = z.enum(STUDY_STAGES);
/** ISO 4217 codes; null when a release writes a bare '$' and never says which dollar. */
export const currencySchema = z.enum(['USD', 'CAD', 'AUD', 'GBP', 'EUR', 'ZAR']).nullable();

/** Money in whole currency units: 'US$1.7 billion' is 1,700,000,000. */
const money = { amount: z.number(), currency: currencySchema };

/** An economic study's headline figures (after-tax NPV when both are given). */
export const studyFactSchema = z.object({
  stage: studyStageSchema,
  npv: z.object({ ...money, discount_rate: z.number().nullable() }).nullable(),
  irr_pct: z.number().nullable(),
  /** Initial (pre-production) capital. */
  capex: z.object(money).nullable(),
  /** All-in sustaining cost per unit sold: { amount: 918, currency: 'USD', per: 'oz' }. */
  aisc: z.object({ ...money, per: z.string() }).nullable(),
  mine_life_years: z.number().nullable(),
  ...sourceSpan,
});

export const FINANCING_TYPES = [
  'private-placement',
  'flow-through',
  'bought-deal',
  'rights-offering',
  'public-offering',
  'royalty',
  'stream',
  'debt',
  'grant',
] as const;
export const financingTypeSchema = z.enum(FINANCING_TYPES);

/** Money raised or being raised: 'closed its C$4.0 million flow-through placement'. */
export const financingFactSchema = z.object({
  amount: z.number().nullable(),
  currency: currencySchema,
  type: financingTypeSchema,
  /** 'closed' once the release says the money is in (a tranche counts); 'announced' before. */
  status: z.enum(['announced', 'closed']),
  /** What the release says the proceeds are for, as worded. */
  use_of_proceeds: z.string().nullable(),
  /** The proceeds are for drilling or exploration (flow-through exploration expenses included). */
  funds_drilling: z.boolean(),
  ...sourceSpan,
});

export const miningFactsSchema = z.object({
  issuers: z.array(issuerFactSchema),
  projects: z.array(projectFactSchema),
  intercepts: z.array(interceptFactSchema),
  programmes: z.array(programmeFactSchema),
  resources: z.array(resourceFactSchema),
  studies: z.array(studyFactSchema),
  financings: z.array(financingFactSchema),
});

export type IssuerFact = z.infer<typeof issuerFactSchema>;
export type ProjectFact = z.infer<typeof projectFactSchema>;
export type InterceptFact = z.infer<typeof interceptFactSchema>;
export type ProgrammeFact = z.infer<typeof programmeFactSchema>;
export type ResourceFact = z.infer<typeof resourceFactSchema>;
export type StudyFact = z.infer<typeof studyFactSchema>;
export type FinancingFact = z.infer<typeof financingFactSchema>;
export type MiningFacts = z.infer<typeof miningFactsSchema>;
export type FinancingType = z.infer<typeof financingTypeSchema>;
export type ResourceCategory = z.infer<typeof resourceCategorySchema>;
export type StudyStage = z.infer<typeof studyStageSchema>;
export type Currency = z.infer<typeof currencySchema>;

/** A text with no facts: every list empty (a fresh object, so a caller may fill it). */
export function noFacts(): MiningFacts {
  return { issuers: [], projects: [], intercepts: [], programmes: [], resources: [], studies: [], financings: [] };
}
