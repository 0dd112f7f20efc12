import { z } from 'zod';
import { successData } from './common.ts';
import { isRecord } from './is-record.ts';

/** Types an output-schema field may have (SPEC.md section 3, Schema field types). */
export const SCHEMA_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
export type SchemaFieldType = (typeof SCHEMA_FIELD_TYPES)[number];

/** Item types the editor offers for an array field. */
export const ARRAY_ITEM_TYPES = ['string', 'number', 'object'] as const;
export type ArrayItemType = (typeof ARRAY_ITEM_TYPES)[number];

/** What OpenAI accepts as a function (tool) name. */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Field lengths of a prompt template; a 1 MB prompt text is refused, a long real one fits. */
export const PROMPT_LIMITS = { name: 200, description: 2_000, promptText: 50_000, functionDescription: 4_000 };

/** The message the editor shows (and the API answers) when name or prompt text is blank. */
export const PROMPT_REQUIRED_MESSAGE = 'Name and prompt text are required';

/**
 * Why a schema without output fields is refused (validate-schema's error, and the editor's note): every
 * analysis would be an empty signal, and every push a blank note in the CRM.
 */
export const NO_OUTPUT_FIELDS_MESSAGE =
  'The schema has no output fields: add at least one, or every analysis gives an empty signal';

/**
 * A JSON Schema node as stored: any JSON object. Its meaning is checked by validate-schema (errors and
 * warnings a person can read), not by this parser, so a broken schema gets an explanation rather than a
 * bare 400.
 */
export const jsonSchemaObjectSchema = z.record(z.string(), z.unknown());
export type JsonSchemaObject = z.infer<typeof jsonSchemaObjectSchema>;

/** Function schema: name, description, parameters `{type: 'object', properties, required}` (SPEC.md section 3). */
export const functionSchemaSchema = z.object({
  name: z.string().max(200),
  description: z.string().max(PROMPT_LIMITS.functionDescription).default(''),
  parameters: jsonSchemaObjectSchema,
});
export type FunctionSchema = z.output<typeof functionSchemaSchema>;
export type FunctionSchemaInput = z.input<typeof functionSchemaSchema>;

/** How many fields the analysis fills: the top-level properties of `parameters` (0 when it has none or is malformed). */
export function outputFieldCount(schema: { parameters?: unknown }): number {
  const properties = isRecord(schema.parameters) ? schema.parameters.properties : undefined;
  return isRecord(properties) ? Object.keys(properties).length : 0;
}

/**
 * The default output schema (SPEC.md section 3, Default schema): what every sales signal looks like until
 * someone changes the active prompt. The article pipeline's offline analyser fills exactly these fields.
 */
export const DEFAULT_FUNCTION_SCHEMA: FunctionSchema = {
  name: 'analyse_mining_news_signal',
  description: 'Extract structured sales-signal insights from a mining news article.',
  parameters: {
    type: 'object',
    properties: {
      signal_summary: {
        type: 'string',
        description: 'The sales signal in 1-2 sentences: who is doing what, and why it matters to a supplier.',
      },
      expanded_summary: {
        type: 'string',
        description: 'A 3-4 sentence summary of the article: company, project, location, commodity and next steps.',
      },
      drilling_planned: {
        type: 'string',
        description: 'Whether the article announces or implies new or continued drilling.',
        enum: ['Yes', 'No'],
      },
      drilling_timeline: {
        type: 'string',
        description: 'When the drilling is planned to start or run, as stated in the article (empty if not stated).',
      },
      drilling_details: {
        type: 'string',
        description: 'Drilling type (diamond core, RC, air-core…), number of holes, targets and contractor if named.',
      },
      drilling_length_meters: {
        type: 'string',
        description: 'Total planned drilling in metres as stated, e.g. "12,000 m" (empty if not stated).',
      },
      additional_sales_signals: {
        type: 'array',
        description: 'Other buying signals: financings, acquisitions, resource updates, permits, new studies, hiring.',
        items: { type: 'string' },
      },
      contact_details: {
        type: 'array',
        description: 'People named in the article who could be contacted about the opportunity.',
        items: {
          type: 'object',
          properties: {
            first_name: { type: 'string', description: 'First name of the contact.' },
            last_name: { type: 'string', description: 'Last name of the contact.' },
            email: { type: 'string', description: 'Email address, only if given in the article.' },
            job_title: { type: 'string', description: 'Job title or role, e.g. CEO or VP Exploration.' },
            phone_number: { type: 'string', description: 'Phone number, only if given in the article.' },
          },
          required: ['first_name', 'last_name'],
        },
      },
      buying_intent_score: {
        type: 'string',
        description: 'How likely the company is to buy drilling services or equipment in the next 6-12 months.',
        enum: ['Low', 'Medium', 'High', 'Very High'],
      },
      talking_points: {
        type: 'array',
        description: 'Short, specific points a salesperson can raise when contacting the company.',
        items: { type: 'string' },
      },
      email_subject: {
        type: 'string',
        description: 'Subject line of a short personalised outreach email about this news.',
      },
      email_body: {
        type: 'string',
        description: 'Body of the outreach email: reference the news, offer help, end with a clear next step.',
      },
    },
    required: [
      'signal_summary',
      'expanded_summary',
      'drilling_planned',
      'additional_sales_signals',
      'buying_intent_score',
      'talking_points',
      'email_subject',
      'email_body',
    ],
  },
};

/** A prompt template (SPEC.md section 3) with its current version and how many versions it has had. */
export const promptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt_text: z.string(),
  description: z.string().nullable(),
  function_schema: functionSchemaSchema,
  is_active: z.boolean(),
  /** The current version; 1 when created, one more for every saved edit. The analysis records it. */
  version: z.number().int(),
  version_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** One saved state of a prompt: what an analysis that recorded (prompt_id, version) ran. */
export const promptVersionSchema = z.object({
  prompt_id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  prompt_text: z.string(),
  description: z.string().nullable(),
  function_schema: functionSchemaSchema,
  created_at: z.string(),
});
export type PromptVersion = z.infer<typeof promptVersionSchema>;

const requiredText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, PROMPT_REQUIRED_MESSAGE)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')} characters`);

/** PUT /prompts/{id}: name, prompt_text, description, function_schema. */
export const promptInputSchema = z.object({
  name: requiredText(PROMPT_LIMITS.name, 'Name'),
  prompt_text: requiredText(PROMPT_LIMITS.promptText, 'Prompt text'),
  description: z
    .string()
    .trim()
    .max(
      PROMPT_LIMITS.description,
      `Description must be at most ${PROMPT_LIMITS.description.toLocaleString('en-US')} characters`,
    )
    .nullish(),
  function_schema: functionSchemaSchema,
});
export type PromptInput = z.input<typeof promptInputSchema>;

/** POST /prompts: a new prompt becomes the active one unless `set_as_active` is false (SPEC.md section 4). */
export const createPromptRequestSchema = promptInputSchema.extend({ set_as_active: z.boolean().default(true) });
export type CreatePromptRequest = z.input<typeof createPromptRequestSchema>;

/** POST /prompts/validate-schema: `schema` is the function schema. */
export const validateSchemaRequestSchema = z.object({ schema: jsonSchemaObjectSchema });
export type ValidateSchemaRequest = z.input<typeof validateSchemaRequestSchema>;

/** Schema validation result (SPEC.md section 3): errors make a schema unusable, warnings only weaken it. */
export const schemaValidationResultSchema = z.object({
  valid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type SchemaValidationResult = z.infer<typeof schemaValidationResultSchema>;

export const promptListResponseSchema = successData(z.array(promptSchema));
export const promptResponseSchema = successData(promptSchema);
export const schemaValidationResponseSchema = successData(schemaValidationResultSchema);
