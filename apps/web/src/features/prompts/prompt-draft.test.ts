import { DEFAULT_FUNCTION_SCHEMA, type Prompt } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import { canSaveDraft, draftFromPrompt, newPromptDraft, validatePromptDraft } from './prompt-draft.ts';
import { addField, renameField } from './schema-editor.ts';

const prompt: Prompt = {
  id: 3,
  name: 'Signals',
  prompt_text: 'Find signals.',
  description: null,
  function_schema: DEFAULT_FUNCTION_SCHEMA,
  is_active: true,
  version: 2,
  version_count: 2,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-06T10:00:00.000Z',
};

describe('prompt drafts', () => {
  it('starts a new prompt blank, with the default schema', () => {
    const draft = newPromptDraft();
    expect(draft).toMatchObject({ name: '', description: '', promptText: '' });
    expect(validatePromptDraft({ ...draft, name: 'x', promptText: 'y' })).toMatchObject({
      ok: true,
      value: { function_schema: DEFAULT_FUNCTION_SCHEMA },
    });
  });

  it('needs a name and a prompt text that are not blank after trimming', () => {
    const draft = draftFromPrompt(prompt);
    expect(canSaveDraft(draft)).toBe(true);
    for (const blank of [{ name: '  ' }, { promptText: '\n\t' }]) {
      expect(canSaveDraft({ ...draft, ...blank })).toBe(false);
      expect(validatePromptDraft({ ...draft, ...blank })).toEqual({
        ok: false,
        message: 'Name and prompt text are required',
      });
    }
  });

  it('trims what it sends and sends an empty description as null', () => {
    const draft = { ...draftFromPrompt(prompt), name: ' Signals v2 ', description: '  ', promptText: ' Go. ' };
    expect(validatePromptDraft(draft)).toEqual({
      ok: true,
      value: { name: 'Signals v2', description: null, prompt_text: 'Go.', function_schema: DEFAULT_FUNCTION_SCHEMA },
    });
  });

  it('refuses a field list JSON cannot hold', () => {
    const draft = draftFromPrompt(prompt);
    const parameters = addField(draft.schema.parameters);
    const added = parameters.fields?.at(-1);
    if (!added) throw new Error('no field');
    const schema = { ...draft.schema, parameters: renameField(parameters, added.id, 'email_body') };
    expect(validatePromptDraft({ ...draft, schema })).toEqual({
      ok: false,
      message: 'Duplicate field name "email_body" in parameters',
    });
  });
});
