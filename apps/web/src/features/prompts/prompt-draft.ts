import {
  DEFAULT_FUNCTION_SCHEMA,
  PROMPT_REQUIRED_MESSAGE,
  type Prompt,
  type PromptInput,
} from '@mining-hub/contract/prompts';
import {
  editorFromFunctionSchema,
  findFieldListProblems,
  functionSchemaFromEditor,
  type EditorSchema,
} from './schema-editor.ts';

/** What the prompt editor holds while the user types. */
export interface PromptDraft {
  name: string;
  description: string;
  promptText: string;
  schema: EditorSchema;
}

export function draftFromPrompt(prompt: Prompt): PromptDraft {
  return {
    name: prompt.name,
    description: prompt.description ?? '',
    promptText: prompt.prompt_text,
    schema: editorFromFunctionSchema(prompt.function_schema),
  };
}

/** Create New Prompt: blank fields and the default schema (SPEC.md section 4). */
export function newPromptDraft(): PromptDraft {
  return { name: '', description: '', promptText: '', schema: editorFromFunctionSchema(DEFAULT_FUNCTION_SCHEMA) };
}

/** Save is allowed only with a name and a prompt text that are not blank (SPEC.md section 5). */
export function canSaveDraft(draft: PromptDraft): boolean {
  return draft.name.trim() !== '' && draft.promptText.trim() !== '';
}

export type DraftResult = { ok: true; value: PromptInput } | { ok: false; message: string };

/** Trims and checks the draft; on success returns the payload for the API. */
export function validatePromptDraft(draft: PromptDraft): DraftResult {
  if (!canSaveDraft(draft)) return { ok: false, message: PROMPT_REQUIRED_MESSAGE };
  const problems = findFieldListProblems(draft.schema);
  if (problems.length > 0) return { ok: false, message: problems.join('; ') };
  const description = draft.description.trim();
  return {
    ok: true,
    value: {
      name: draft.name.trim(),
      prompt_text: draft.promptText.trim(),
      description: description === '' ? null : description,
      function_schema: functionSchemaFromEditor(draft.schema),
    },
  };
}
