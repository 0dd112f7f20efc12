import {
  outputFieldCount,
  type FunctionSchema,
  type JsonSchemaObject,
  type Prompt,
  type PromptVersion,
  type SchemaValidationResult,
} from '@mining-hub/contract/prompts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { nullAudit, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import { DEFAULT_PROMPT } from './default-prompt.ts';
import type { PromptsRepository } from './prompts.repository.ts';
import { validateFunctionSchema } from './schema-validation.ts';

// Far more than any team keeps; stops a script from filling the database.
export const MAX_PROMPTS = 500;

export interface PromptDraft {
  name: string;
  prompt_text: string;
  description?: string | null | undefined;
  function_schema: FunctionSchema;
}

export interface SaveOptions {
  /** Keys repeated in the function schema's JSON text (see findDuplicateKeys). */
  duplicateKeys?: string[][];
  /** Who saves it, for the audit log. */
  actor?: AuditActor | null;
}

/**
 * What activation is told of a version's evaluation (modules/evaluation): a note for the audit log (both
 * scores, or that there is no run), or a 409 thrown when the version scored lower and `confirm` is false.
 */
export type ActivationEvidence = (promptId: number, confirm: boolean) => Promise<{ note: string } | null>;

/** AI prompt templates: exactly one is active, and the analysis step runs that one. */
export function createPromptsService(
  repository: PromptsRepository,
  audit: Pick<AuditService, 'record'> = nullAudit,
  evidence: ActivationEvidence = async () => null,
) {
  const toValues = (draft: PromptDraft, options: SaveOptions) => {
    const result = validateFunctionSchema(draft.function_schema, { duplicateKeys: options.duplicateKeys });
    if (!result.valid) throw badRequest(`The output schema has errors: ${result.errors.join('; ')}`);
    return {
      name: draft.name,
      prompt_text: draft.prompt_text,
      description: draft.description || null,
      function_schema: draft.function_schema,
    };
  };

  return {
    /** Every prompt template, newest first, each with its version count. */
    list: (): Promise<Prompt[]> => repository.list(),

    /**
     * The prompt the analysis runs: its `prompt_text` as the system prompt and `function_schema` as the tool.
     * Record `id` and `version` with each analysis; getPromptVersion finds that exact text again.
     */
    async getActivePrompt(): Promise<Prompt> {
      const prompt = await repository.findActive();
      if (!prompt) throw notFound('No prompt is active');
      return prompt;
    },

    /** The prompt as it was at a version an analysis recorded; undefined when unknown. */
    getPromptVersion: (promptId: number, version: number): Promise<PromptVersion | undefined> =>
      repository.findVersion(promptId, version),

    /** Creates a prompt (version 1), by default as the active one; a schema with errors is refused with 400. */
    async create(draft: PromptDraft, options: SaveOptions & { setAsActive: boolean }): Promise<Prompt> {
      const values = toValues(draft, options);
      if ((await repository.count()) >= MAX_PROMPTS) {
        throw conflict(`At most ${MAX_PROMPTS} prompt templates can be kept`);
      }
      return repository.insert(values, {
        active: options.setAsActive,
        inTransaction: (trx, prompt) =>
          audit.record(
            {
              actor: options.actor ?? null,
              action: 'prompt_created',
              target: prompt.name,
              detail: `id ${prompt.id}${prompt.is_active ? ', active' : ''}`,
            },
            trx,
          ),
      });
    },

    /** Saves an edit as the prompt's next version, keeping the previous ones. */
    async update(id: number, draft: PromptDraft, options: SaveOptions = {}): Promise<Prompt> {
      const prompt = await repository.update(id, toValues(draft, options), (trx, saved) =>
        audit.record(
          {
            actor: options.actor ?? null,
            action: 'prompt_updated',
            target: saved.name,
            detail: `id ${saved.id}, version ${saved.version}`,
          },
          trx,
        ),
      );
      if (!prompt) throw notFound(`Prompt ${id} not found`);
      return prompt;
    },

    /**
     * Makes the prompt the active one and every other inactive, in one transaction. A prompt without output
     * fields (saved before they were required) is refused with 400: every analysis would be empty.
     */
    async activate(
      id: number,
      actor: AuditActor | null = null,
      options: { confirm?: boolean } = {},
    ): Promise<Prompt & { evaluation_note: string | null }> {
      const known = await repository.findById(id);
      if (!known) throw notFound(`Prompt ${id} not found`);
      const found = known.is_active ? null : await evidence(id, options.confirm === true);
      const note = found?.note ?? null;
      const prompt = await repository.activate(id, {
        check: ({ name, function_schema }) => {
          if (outputFieldCount(function_schema) > 0) return;
          throw badRequest(
            `Prompt "${name}" cannot be activated: its output schema has no fields, so every analysis would give an empty signal. Add at least one output field first.`,
          );
        },
        inTransaction: (trx, activated) =>
          audit.record(
            {
              actor,
              action: 'prompt_activated',
              target: activated.name,
              detail: `id ${activated.id}, version ${activated.version}${note ? `; evaluation: ${note}` : ''}`,
            },
            trx,
          ),
      });
      if (!prompt) throw notFound(`Prompt ${id} not found`);
      return { ...prompt, evaluation_note: note };
    },

    /** Errors and warnings for a function schema, without saving anything. */
    validateSchema: (schema: JsonSchemaObject, options: SaveOptions = {}): SchemaValidationResult =>
      validateFunctionSchema(schema, { duplicateKeys: options.duplicateKeys }),

    /** Seeds the default prompt when none is active (first start); a no-op afterwards and when processes race. */
    async ensureDefaultPrompt(): Promise<Prompt | undefined> {
      return repository.insertActiveIfNone(DEFAULT_PROMPT);
    },
  };
}
export type PromptsService = ReturnType<typeof createPromptsService>;
