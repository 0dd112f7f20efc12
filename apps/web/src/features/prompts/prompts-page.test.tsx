import {
  DEFAULT_FUNCTION_SCHEMA,
  NO_OUTPUT_FIELDS_MESSAGE,
  outputFieldCount,
  type FunctionSchema,
  type Prompt,
} from '@mining-hub/contract/prompts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient, TEST_MEMBER } from '../../test/render.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { PromptsPage } from './prompts-page.tsx';

const basePrompt: Prompt = {
  id: 1,
  name: 'Mining news sales signals',
  prompt_text: 'Find drilling signals.',
  description: 'Default prompt',
  function_schema: DEFAULT_FUNCTION_SCHEMA,
  is_active: true,
  version: 1,
  version_count: 1,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
};

let prompts: Prompt[];
let requests: FakeRequest[];
let overrides: (request: FakeRequest) => { status: number; body?: unknown } | undefined;

beforeEach(() => {
  prompts = [basePrompt, { ...basePrompt, id: 2, name: 'Older prompt', is_active: false, description: null }];
  overrides = () => undefined;
  requests = stubApi((request) => {
    const override = overrides(request);
    if (override) return override;
    const { method, path, body } = request;
    // Like the server: a schema without output fields is invalid, and no prompt is saved with one.
    const schemaSent = (body as { schema?: FunctionSchema; function_schema?: FunctionSchema } | undefined) ?? {};
    const emptySchema = [schemaSent.schema, schemaSent.function_schema].some(
      (schema) => schema !== undefined && outputFieldCount(schema) === 0,
    );
    if (method === 'GET' && path === '/api/v1/prompts') return { status: 200, body: { success: true, data: prompts } };
    if (method === 'GET' && path === '/api/v1/prompts/active') {
      return { status: 200, body: { success: true, data: prompts.find((prompt) => prompt.is_active) } };
    }
    if (method === 'POST' && path === '/api/v1/prompts/validate-schema') {
      const data = emptySchema
        ? { valid: false, errors: [NO_OUTPUT_FIELDS_MESSAGE], warnings: [] }
        : { valid: true, errors: [], warnings: ['A warning'] };
      return { status: 200, body: { success: true, data } };
    }
    if (emptySchema && (method === 'PUT' || method === 'POST')) {
      return {
        status: 400,
        body: { detail: `The output schema has errors: ${NO_OUTPUT_FIELDS_MESSAGE}`, code: 'validation_failed' },
      };
    }
    if (method === 'POST' && path === '/api/v1/prompts') {
      const created = { ...basePrompt, ...(body as object), id: prompts.length + 1, is_active: true };
      prompts = [created, ...prompts.map((prompt) => ({ ...prompt, is_active: false }))];
      return { status: 201, body: { success: true, data: created } };
    }
    const activate = /^\/api\/v1\/prompts\/(\d+)\/activate$/.exec(path);
    if (method === 'POST' && activate) {
      prompts = prompts.map((prompt) => ({ ...prompt, is_active: prompt.id === Number(activate[1]) }));
      return {
        status: 200,
        body: { success: true, data: prompts.find((prompt) => prompt.is_active), evaluation_note: null },
      };
    }
    const update = /^\/api\/v1\/prompts\/(\d+)$/.exec(path);
    if (method === 'PUT' && update) {
      prompts = prompts.map((prompt) =>
        prompt.id === Number(update[1]) ? { ...prompt, ...(body as object), version: prompt.version + 1 } : prompt,
      );
      return { status: 200, body: { success: true, data: prompts.find((prompt) => prompt.id === Number(update[1])) } };
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const outputSchemaTab = () => screen.getByRole('tabpanel', { name: 'Output Schema', hidden: true });

describe('PromptsPage', () => {
  it('shows the active prompt in the banner and the editor, and every template in the list', async () => {
    renderWithQueryClient(<PromptsPage />);
    const banner = await screen.findByRole('region', { name: 'Currently Active' });
    expect(within(banner).getByText('Mining news sales signals')).toBeTruthy();
    expect(within(banner).getByText(formatDateTime(basePrompt.updated_at))).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mining news sales signals');
    expect(screen.getByText('22 characters (at most 50,000)')).toBeTruthy();

    const older = await screen.findByRole('listitem', { name: 'Older prompt' });
    expect(within(older).getByRole('button', { name: 'Activate Older prompt' })).toBeTruthy();
    const current = screen.getByRole('listitem', { name: 'Mining news sales signals' });
    expect(within(current).getByText('Active')).toBeTruthy();
    expect(within(current).getByText('Default prompt')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: /Activate/ })).toBeNull();
  });

  it('disables Save while name or prompt text is blank, and saves an edit', async () => {
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await typist.clear(name);
    await typist.type(name, '   ');
    const saveButton = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    expect(screen.getByText('Name and prompt text are required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await typist.clear(name);
    await typist.type(name, 'Signals v2');
    expect(saveButton.disabled).toBe(false);
    await typist.click(saveButton);
    expect(await screen.findByText('Prompt updated successfully')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/v1/prompts/1');
    expect(put?.body).toMatchObject({ name: 'Signals v2', function_schema: DEFAULT_FUNCTION_SCHEMA });
  });

  it('adds an enum field, validates the schema and shows the result', async () => {
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('tab', { name: 'Output Schema' }));
    const panel = outputSchemaTab();
    expect(within(panel).getByRole('group', { name: 'Field first_name' })).toBeTruthy();

    await typist.click(within(panel).getByRole('button', { name: 'Add Field' }));
    const field = within(panel).getByRole('group', { name: 'Field new_field_13' });
    expect((within(field).getByLabelText('Description') as HTMLInputElement).value).toBe(
      'Description for the new field',
    );
    await typist.selectOptions(within(field).getByLabelText('Type'), 'enum');
    const values = within(field).getByLabelText('Enum values') as HTMLInputElement;
    expect(values.value).toBe('Option 1, Option 2');
    await typist.clear(values);
    await typist.type(values, 'Lead , Won');
    await typist.click(within(field).getByLabelText('Required'));
    expect(within(panel).getByText(/"new_field_13": \{/)).toBeTruthy();

    await typist.click(within(panel).getByRole('button', { name: 'Validate Schema' }));
    const result = await within(panel).findByRole('status', { name: 'Schema validation result' });
    expect(within(result).getByText('Schema is valid')).toBeTruthy();
    expect(within(result).getByText('A warning')).toBeTruthy();
    const sent = requests.find((request) => request.path === '/api/v1/prompts/validate-schema')?.body as {
      schema: { parameters: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(sent.schema.parameters.properties.new_field_13).toEqual({
      type: 'string',
      description: 'Description for the new field',
      enum: ['Lead', 'Won'],
    });
    expect(sent.schema.parameters.required.at(-1)).toBe('new_field_13');
  });

  it('shows a failed validation as the catalogue says', async () => {
    overrides = (request) =>
      request.path === '/api/v1/prompts/validate-schema'
        ? { status: 401, body: { detail: 'nope', code: 'unauthenticated' } }
        : undefined;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('tab', { name: 'Output Schema' }));
    const panel = outputSchemaTab();
    await typist.click(within(panel).getByRole('button', { name: 'Validate Schema' }));
    const result = await within(panel).findByRole('status', { name: 'Schema validation result' });
    expect(within(result).getByText('Schema has errors')).toBeTruthy();
    expect(within(result).getByText('Authentication required - please login')).toBeTruthy();
    expect(within(result).getByText('Check console for more details')).toBeTruthy();
  });

  it('explains a schema without output fields: beside the fields, beside Save, and in the refusal', async () => {
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('tab', { name: 'Output Schema' }));
    const panel = outputSchemaTab();
    expect(within(panel).queryByText(/has no output fields/)).toBeNull();
    while (within(panel).queryAllByRole('button', { name: /^Remove field / }).length > 0) {
      await typist.click(within(panel).getAllByRole('button', { name: /^Remove field / })[0] as HTMLElement);
    }
    expect(within(panel).getByText('0 fields', { exact: false })).toBeTruthy();
    expect(
      within(panel).getByText(/has no output fields: add at least one.*cannot be saved or activated/),
    ).toBeTruthy();

    // The server's validation says why the schema is unusable.
    await typist.click(within(panel).getByRole('button', { name: 'Validate Schema' }));
    const result = await within(panel).findByRole('status', { name: 'Schema validation result' });
    expect(within(result).getByText('Schema has errors')).toBeTruthy();
    expect(within(result).getByText(NO_OUTPUT_FIELDS_MESSAGE)).toBeTruthy();

    // Save explains itself before it is pressed, and the refusal's detail shows when it is.
    const saveButton = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    const hint = /The output schema has no fields: add one on the Output Schema tab/;
    expect(saveButton.getAttribute('aria-describedby')).toBe(screen.getByText(hint).id);
    await typist.click(saveButton);
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('Failed to save prompt')).toBeTruthy();
    expect(within(refusal).getByText(`The output schema has errors: ${NO_OUTPUT_FIELDS_MESSAGE}`)).toBeTruthy();

    await typist.click(within(panel).getByRole('button', { name: 'Add Field' }));
    expect(within(panel).queryByText(/has no output fields/)).toBeNull();
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('asks before activating a version that scored lower, showing the comparison, and activates on confirmation', async () => {
    const run = {
      id: 7,
      set_id: 1,
      set_name: 'Starter',
      set_version: 1,
      prompt_id: 1,
      prompt_version: 1,
      prompt_name: 'Mining news sales signals',
      model: 'rules',
      status: 'completed',
      total: 2,
      done: 2,
      valid_count: 2,
      valid_share: 1,
      score: 0.8,
      field_scores: { drilling_planned: 1 },
      avg_latency_ms: 3,
      avg_prompt_tokens: 0,
      avg_completion_tokens: 0,
      cost_usd: null,
      error: null,
      created_at: '2026-01-05T10:00:00.000Z',
      started_at: '2026-01-05T10:00:00.000Z',
      finished_at: '2026-01-05T10:00:01.000Z',
    };
    const comparison = {
      baseline: run,
      overall: { run: 0.5, baseline: 0.8, delta: -0.3 },
      valid_share: { run: 1, baseline: 1, delta: 0 },
      fields: [{ field: 'drilling_planned', run: 0.5, baseline: 1, delta: -0.5 }],
      articles: [
        {
          item_id: 1,
          title: 'Drill programme at Kuke',
          run_score: 0,
          baseline_score: 1,
          delta: -1,
          verdict: 'worse',
          output: { drilling_planned: 'No' },
          baseline_output: { drilling_planned: 'Yes' },
          expected: { drilling_planned: 'Yes' },
        },
      ],
      better: 0,
      worse: 1,
      same: 1,
      note: null,
    };
    overrides = (request) => {
      if (!request.path.endsWith('/activate')) return undefined;
      if ((request.body as { confirm?: boolean } | undefined)?.confirm) return undefined;
      return {
        status: 409,
        body: {
          detail: 'Version 1 of "Older prompt" scored 50.0% against the active version\'s 80.0% on the set "Starter".',
          code: 'confirmation_required',
          candidate_score: 0.5,
          active_score: 0.8,
          run_id: 8,
          baseline_run_id: 7,
          comparison,
        },
      };
    };
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: 'Activate Older prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate "Older prompt" although it scored lower?' });
    expect(within(dialog).getByText(/0 better, 1 worse, 1 the same/)).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: /Overall 50.0% 80.0% −30.0 pts/ })).toBeTruthy();
    await typist.click(within(dialog).getByText('Drill programme at Kuke'));
    expect(within(dialog).getByRole('row', { name: /drilling_planned Yes No Yes/ })).toBeTruthy();

    await typist.click(within(dialog).getByRole('button', { name: 'Activate anyway' }));
    expect(await screen.findByText('Prompt activated successfully')).toBeTruthy();
    const activations = requests.filter((request) => request.path.endsWith('/activate'));
    expect(activations.map((request) => request.body)).toEqual([{}, { confirm: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits the model prices that cost evaluation runs, refusing a price that is not a number', async () => {
    overrides = (request) => {
      if (request.path !== '/api/v1/evaluation-prices') return undefined;
      if (request.method === 'GET') {
        return {
          status: 200,
          body: {
            success: true,
            data: [{ model: 'openai:gpt-4o-mini', input_per_million: 0.15, output_per_million: 0.6 }],
          },
        };
      }
      return { status: 200, body: { success: true, data: (request.body as { prices: unknown[] }).prices } };
    };
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Model prices' });
    expect((within(form).getByLabelText('Model 1') as HTMLInputElement).value).toBe('openai:gpt-4o-mini');
    await typist.click(within(form).getByRole('button', { name: 'Add model' }));
    await typist.type(within(form).getByLabelText('Model 2'), 'openai:gpt-4.1');
    const inputs = within(form).getAllByLabelText('Input $ / M tokens');
    await typist.clear(inputs[1] as HTMLElement);
    await typist.type(inputs[1] as HTMLElement, 'two');
    await typist.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await within(form).findByText('The prices of openai:gpt-4.1 must be numbers')).toBeTruthy();
    await typist.clear(inputs[1] as HTMLElement);
    await typist.type(inputs[1] as HTMLElement, '2');
    await typist.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Model prices saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT' && request.path === '/api/v1/evaluation-prices');
    expect(put?.body).toEqual({
      prices: [
        { model: 'openai:gpt-4o-mini', input_per_million: 0.15, output_per_million: 0.6 },
        { model: 'openai:gpt-4.1', input_per_million: 2, output_per_million: 0 },
      ],
    });
  });

  it('says why a stored prompt without output fields cannot be activated, and shows a refusal’s detail', async () => {
    const blank = { name: 'blank', description: '', parameters: { type: 'object', properties: {} } };
    prompts = [...prompts, { ...basePrompt, id: 3, name: 'Blank prompt', is_active: false, function_schema: blank }];
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'Blank prompt' });
    const activate = within(item).getByRole('button', { name: 'Activate Blank prompt' }) as HTMLButtonElement;
    expect(activate.disabled).toBe(true);
    const note = within(item).getByText(/Its output schema has no fields, so it cannot be activated/);
    expect(activate.getAttribute('aria-describedby')).toBe(note.id);

    overrides = (request) =>
      request.path.endsWith('/activate')
        ? { status: 400, body: { detail: 'Prompt "Older prompt" cannot be activated: …', code: 'validation_failed' } }
        : undefined;
    await typist.click(screen.getByRole('button', { name: 'Activate Older prompt' }));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('Failed to activate prompt')).toBeTruthy();
    expect(within(refusal).getByText('Prompt "Older prompt" cannot be activated: …')).toBeTruthy();
  });

  it('creates a prompt from blank fields and the default schema; Cancel goes back to the active one', async () => {
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await screen.findByRole('region', { name: 'Currently Active' });
    await typist.click(screen.getByRole('button', { name: 'Create New Prompt' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    await typist.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mining news sales signals');

    await typist.click(screen.getByRole('button', { name: 'Create New Prompt' }));
    expect((screen.getByRole('button', { name: 'Create Prompt' }) as HTMLButtonElement).disabled).toBe(true);
    await typist.type(screen.getByLabelText('Name'), 'Copper juniors');
    await typist.type(screen.getByLabelText('System prompt'), 'Look for copper drilling.');
    await typist.click(screen.getByRole('button', { name: 'Create Prompt' }));
    expect(await screen.findByText('Prompt created successfully')).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST' && request.path === '/api/v1/prompts');
    expect(post?.body).toEqual({
      name: 'Copper juniors',
      prompt_text: 'Look for copper drilling.',
      description: null,
      function_schema: DEFAULT_FUNCTION_SCHEMA,
      set_as_active: true,
    });
    const banner = await screen.findByRole('region', { name: 'Currently Active' });
    expect(await within(banner).findByText('Copper juniors')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('activates an older prompt, and says so when that fails', async () => {
    renderWithQueryClient(<PromptsPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: 'Activate Older prompt' }));
    expect(await screen.findByText('Prompt activated successfully')).toBeTruthy();
    const banner = screen.getByRole('region', { name: 'Currently Active' });
    expect(await within(banner).findByText('Older prompt')).toBeTruthy();

    overrides = (request) =>
      request.path.endsWith('/activate') ? { status: 500, body: { detail: 'boom' } } : undefined;
    await typist.click(await screen.findByRole('button', { name: 'Activate Mining news sales signals' }));
    expect(await screen.findByText('Failed to activate prompt')).toBeTruthy();
  });

  it('says when the templates cannot be loaded, and lets notices go after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    overrides = (request) => (request.path === '/api/v1/prompts' ? { status: 500, body: { detail: 'x' } } : undefined);
    renderWithQueryClient(<PromptsPage />);
    expect(await screen.findByText('Failed to load prompt templates')).toBeTruthy();
    // The notice is SPEC.md's; the list says it too, with the server's reason.
    expect(screen.getByText('Prompt templates could not be loaded. x')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('Failed to load prompt templates')).toBeNull();
    expect(screen.getByText('Prompt templates could not be loaded. x')).toBeTruthy();
  });

  it('lets a member read the prompts but offers no create, edit or activate controls', async () => {
    renderWithQueryClient(<PromptsPage />, { user: TEST_MEMBER });
    expect(await screen.findByRole('heading', { name: 'Active Prompt' })).toBeTruthy();
    expect(screen.getByText('Only admins can change prompts.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mining news sales signals');
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('System prompt').matches(':disabled')).toBe(true);
    expect(await screen.findByRole('listitem', { name: 'Older prompt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create New Prompt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Activate/ })).toBeNull();
  });
});
