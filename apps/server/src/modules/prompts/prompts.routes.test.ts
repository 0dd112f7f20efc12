import {
  DEFAULT_FUNCTION_SCHEMA,
  NO_OUTPUT_FIELDS_MESSAGE,
  type FunctionSchema,
  type Prompt,
} from '@mining-hub/contract/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase, testEngines } from '../../../test/test-database.ts';
import { DEFAULT_PROMPT } from './default-prompt.ts';
import { createPromptsRepository } from './prompts.repository.ts';
import { createPromptsService } from './prompts.service.ts';

/** The default schema plus one field, as the editor would send it. */
function schemaWith(field: string, definition: Record<string, unknown>, required = true): FunctionSchema {
  const parameters = DEFAULT_FUNCTION_SCHEMA.parameters as { properties: object; required: string[] };
  return {
    ...DEFAULT_FUNCTION_SCHEMA,
    parameters: {
      ...DEFAULT_FUNCTION_SCHEMA.parameters,
      properties: { ...parameters.properties, [field]: definition },
      required: required ? [...parameters.required, field] : parameters.required,
    },
  };
}

/** `depth` levels of object fields nested in one another. */
function nestedSchema(depth: number): FunctionSchema {
  let node: Record<string, unknown> = { type: 'string', description: 'leaf' };
  for (let level = 0; level < depth; level += 1) {
    node = { type: 'object', description: 'level', properties: { inner: node }, required: ['inner'] };
  }
  return { name: 'deep', description: 'deep', parameters: { type: 'object', properties: { top: node } } };
}

let counter = 0;
const draft = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Prompt ${counter}`,
    prompt_text: `Find drilling signals, take ${counter}.`,
    description: 'For tests',
    function_schema: DEFAULT_FUNCTION_SCHEMA,
    ...overrides,
  };
};

describe.each(testEngines)('prompt routes on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    cookie = (await signIn(t, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, contentType?: string) =>
    t.app.inject({
      method,
      url: `/api/v1/prompts${url}`,
      headers: { origin: APP_ORIGIN, cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const list = async (): Promise<Prompt[]> => (await call('GET', '')).json().data;
  const activeIds = async () => (await list()).filter((prompt) => prompt.is_active).map((prompt) => prompt.id);
  const create = async (overrides: Record<string, unknown> = {}): Promise<Prompt> => {
    const response = await call('POST', '', draft(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  it('seeds the default prompt, active, with the default schema exactly as specified', async () => {
    const response = await call('GET', '/active');
    expect(response.statusCode).toBe(200);
    const active: Prompt = response.json().data;
    expect(active).toMatchObject({
      name: DEFAULT_PROMPT.name,
      description: DEFAULT_PROMPT.description,
      prompt_text: DEFAULT_PROMPT.prompt_text,
      is_active: true,
      version: 1,
      version_count: 1,
    });
    // Same keys in the same order: the order of the fields is what the editor and the model see.
    expect(JSON.stringify(active.function_schema)).toBe(JSON.stringify(DEFAULT_FUNCTION_SCHEMA));
    expect(active.function_schema.name).toBe('analyse_mining_news_signal');
    expect(await t.services.prompts.ensureDefaultPrompt()).toBeUndefined();
    expect((await list()).filter((prompt) => prompt.name === DEFAULT_PROMPT.name)).toHaveLength(1);
  });

  it('creates a prompt that becomes the only active one, unless set_as_active is false', async () => {
    const created = await create({ set_as_active: true });
    expect(created).toMatchObject({ is_active: true, version: 1, version_count: 1, description: 'For tests' });
    expect(new Date(created.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await activeIds()).toEqual([created.id]);
    expect((await call('GET', '/active')).json().data.id).toBe(created.id);

    const byDefault = await create();
    expect(byDefault.is_active).toBe(true);
    const draftOnly = await create({ set_as_active: false, description: '' });
    expect(draftOnly).toMatchObject({ is_active: false, description: null });
    expect(await activeIds()).toEqual([byDefault.id]);
    expect((await list()).map((prompt) => prompt.id).slice(0, 3)).toEqual([draftOnly.id, byDefault.id, created.id]);
  });

  it('keeps every version of an edited prompt and counts them in the list', async () => {
    const prompt = await create();
    const schema = schemaWith('deal_stage', { type: 'string', description: 'Stage', enum: ['Lead', 'Won'] });
    const edited = await call('PUT', `/${prompt.id}`, { ...draft(), name: 'Edited', function_schema: schema });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      success: true,
      data: { id: prompt.id, name: 'Edited', version: 2, version_count: 2, is_active: true },
    });
    expect(edited.json().data.function_schema).toEqual(schema);
    expect(Date.parse(edited.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(prompt.updated_at));

    // Saving the same content again is not a new version.
    const again = await call('PUT', `/${prompt.id}`, {
      name: 'Edited',
      prompt_text: edited.json().data.prompt_text,
      description: 'For tests',
      function_schema: schema,
    });
    expect(again.json().data.version).toBe(2);

    const listed = (await list()).find((entry) => entry.id === prompt.id);
    expect(listed?.version_count).toBe(2);
    const first = await t.services.prompts.getPromptVersion(prompt.id, 1);
    expect(first).toMatchObject({ version: 1, name: prompt.name, prompt_text: prompt.prompt_text });
    expect(first?.function_schema).toEqual(DEFAULT_FUNCTION_SCHEMA);
    expect((await t.services.prompts.getPromptVersion(prompt.id, 2))?.function_schema).toEqual(schema);
    expect(await t.services.prompts.getPromptVersion(prompt.id, 3)).toBeUndefined();

    // The analysis reads the active prompt: the new field is in the tool schema it would send.
    const active = await t.services.prompts.getActivePrompt();
    expect(active).toMatchObject({ id: prompt.id, version: 2 });
    expect(Object.keys((active.function_schema.parameters as { properties: object }).properties)).toContain(
      'deal_stage',
    );
  });

  it('activates an older prompt, deactivating the rest; an unknown id changes nothing', async () => {
    const older = await create();
    const newer = await create();
    expect(await activeIds()).toEqual([newer.id]);
    const response = await call('POST', `/${older.id}/activate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { id: older.id, is_active: true } });
    expect(await activeIds()).toEqual([older.id]);
    expect((await call('POST', `/${older.id}/activate`)).statusCode).toBe(200);
    expect(await activeIds()).toEqual([older.id]);

    const unknown = await call('POST', '/2147483647/activate');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Prompt 2147483647 not found', code: 'not_found' });
    expect((await call('POST', '/abc/activate')).statusCode).toBe(400);
    expect((await call('PUT', '/2147483647', draft())).statusCode).toBe(404);
    expect(await activeIds()).toEqual([older.id]);
  });

  it('leaves exactly one active prompt after concurrent activations and creations', async () => {
    const prompts = await Promise.all([create(), create(), create(), create()]);
    expect(await activeIds()).toHaveLength(1);
    for (let round = 0; round < 5; round += 1) {
      const responses = await Promise.all(prompts.map((prompt) => call('POST', `/${prompt.id}/activate`)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect(prompts.map((prompt) => prompt.id)).toContain(active[0]);
    }
    const mixed = await Promise.all([
      call('POST', `/${prompts[0]?.id}/activate`),
      call('POST', '', draft()),
      call('POST', `/${prompts[1]?.id}/activate`),
      call('POST', '', draft()),
    ]);
    expect(mixed.map((response) => response.statusCode)).toEqual([200, 201, 200, 201]);
    expect(await activeIds()).toHaveLength(1);
  });

  it('validates a schema: {valid, errors, warnings}', async () => {
    const good = await call('POST', '/validate-schema', { schema: DEFAULT_FUNCTION_SCHEMA });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ success: true, data: { valid: true, errors: [] } });
    expect(good.json().data.warnings.length).toBeGreaterThan(0);

    const bad = await call('POST', '/validate-schema', {
      schema: schemaWith('stage', { type: 'integer', description: 'x', enum: [] }),
    });
    expect(bad.json().data).toMatchObject({
      valid: false,
      errors: ['Field "stage": enum is empty; list at least one value'],
    });

    const badName = await call('POST', '/validate-schema', { schema: { ...DEFAULT_FUNCTION_SCHEMA, name: 'a b' } });
    expect(badName.json().data.errors).toEqual([
      'Function name "a b" is invalid: use 1-64 letters, digits, underscores or hyphens',
    ]);

    expect((await call('POST', '/validate-schema', {})).statusCode).toBe(400);
    expect((await call('POST', '/validate-schema', { schema: 'text' })).statusCode).toBe(400);
  });

  it('finds duplicate field names in the JSON text, which JSON.parse would silently drop', async () => {
    const body =
      '{"schema": {"name": "dup", "description": "d", "parameters": {"type": "object", "properties": ' +
      '{"a": {"type": "string", "description": "x"}, "a": {"type": "number", "description": "y"}}}}}';
    const response = await call('POST', '/validate-schema', body, 'application/json');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ valid: false, errors: ['Duplicate field name "a" in parameters'] });

    const before = (await list()).length;
    const saved = await call(
      'POST',
      '',
      `{"name": "Dup", "prompt_text": "x", "function_schema": ${body.slice('{"schema": '.length, -1)}}`,
      'application/json',
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().detail).toBe('The output schema has errors: Duplicate field name "a" in parameters');
    expect(await list()).toHaveLength(before);
  });

  it('refuses to save a schema with errors, listing them, and saves nothing', async () => {
    const before = await list();
    const active = await call('GET', '/active');
    const schema = schemaWith('tags', { type: 'array', description: 'Tags' });
    const created = await call('POST', '', draft({ function_schema: { ...schema, name: 'bad name' } }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      detail:
        'The output schema has errors: Function name "bad name" is invalid: use 1-64 letters, digits, underscores or hyphens; Field "tags" is an array without items; say what it holds',
      code: 'validation_failed',
    });
    const updated = await call('PUT', `/${active.json().data.id}`, draft({ function_schema: schema }));
    expect(updated.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('says a schema without output fields is invalid, and refuses to create or update a prompt with one', async () => {
    const empty = { ...DEFAULT_FUNCTION_SCHEMA, parameters: { type: 'object', properties: {}, required: [] } };
    const validated = await call('POST', '/validate-schema', { schema: empty });
    expect(validated.statusCode).toBe(200);
    expect(validated.json().data).toMatchObject({ valid: false, errors: [NO_OUTPUT_FIELDS_MESSAGE] });

    const before = await list();
    const created = await call('POST', '', draft({ function_schema: empty }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      detail: `The output schema has errors: ${NO_OUTPUT_FIELDS_MESSAGE}`,
      code: 'validation_failed',
    });
    const active: Prompt = (await call('GET', '/active')).json().data;
    const updated = await call('PUT', `/${active.id}`, draft({ function_schema: empty }));
    expect(updated.statusCode).toBe(400);
    expect(updated.json().detail).toContain(NO_OUTPUT_FIELDS_MESSAGE);
    expect(await list()).toEqual(before);
  });

  it('refuses to activate a stored prompt whose schema has no fields; stored prompts with fields still activate', async () => {
    // Saved before the rule existed: written straight to the table, as the API no longer accepts it.
    const repository = createPromptsRepository(t.database.handle.db);
    const stored = await repository.insert(
      {
        name: 'Blank signals',
        prompt_text: 'Extract nothing.',
        description: null,
        function_schema: { name: 'blank', description: '', parameters: { type: 'object', properties: {} } },
      },
      { active: false },
    );
    const activeBefore = await activeIds();
    const refused = await call('POST', `/${stored.id}/activate`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        'Prompt "Blank signals" cannot be activated: its output schema has no fields, so every analysis would give an empty signal. Add at least one output field first.',
      code: 'validation_failed',
    });
    expect(await activeIds()).toEqual(activeBefore);
    expect((await list()).find((prompt) => prompt.id === stored.id)).toMatchObject({ is_active: false, version: 1 });

    // The seeded default, stored long before, activates as it always did.
    const seeded = (await list()).find((prompt) => prompt.name === DEFAULT_PROMPT.name);
    const restored = await call('POST', `/${seeded?.id}/activate`);
    expect(restored.statusCode).toBe(200);
    expect(await activeIds()).toEqual([seeded?.id]);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'body.name: Name and prompt text are required'],
    ['a blank prompt text', { prompt_text: '\n ' }, 'body.prompt_text: Name and prompt text are required'],
    ['a 60,000-character prompt text', { prompt_text: 'x'.repeat(60_000) }, 'at most 50,000 characters'],
    ['a 201-character name', { name: 'n'.repeat(201) }, 'body.name: Name must be at most 200 characters'],
    ['no function schema', { function_schema: undefined }, 'body.function_schema'],
    ['a schema 50 levels deep', { function_schema: nestedSchema(50) }, 'nested more than'],
    ['a schema 11 levels deep', { function_schema: nestedSchema(10) }, 'nested more than 10 levels deep'],
    [
      'an enum with 10,000 values',
      {
        function_schema: schemaWith('stage', {
          type: 'string',
          description: 'x',
          enum: Array.from({ length: 10_000 }, (_, index) => `Stage ${index}`),
        }),
      },
      'enum has 10,000 values; at most 500 are allowed',
    ],
    ['set_as_active that is not a boolean', { set_as_active: 'yes' }, 'body.set_as_active'],
  ])('refuses %s with a clear 400 and writes nothing', async (_what, overrides, detail) => {
    const before = await list();
    const response = await call('POST', '', draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(detail);
    expect(await list()).toEqual(before);
  });

  it('refuses a 1 MB prompt text, a field named __proto__ and bodies that are not JSON', async () => {
    const before = await list();
    const huge = await call('POST', '', draft({ prompt_text: 'x'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large', code: 'payload_too_large' });

    const proto = JSON.stringify(draft()).replace('"signal_summary":', '"__proto__":');
    const protoResponse = await call('POST', '', proto, 'application/json');
    expect(protoResponse.statusCode).toBe(400);
    expect(protoResponse.json()).toEqual({ detail: 'The key "__proto__" is not allowed', code: 'invalid_request' });
    const protoValidate = await call('POST', '/validate-schema', `{"schema": {"__proto__": {}}}`, 'application/json');
    expect(protoValidate.statusCode).toBe(400);

    const broken = await call('POST', '', '{"name": "x",', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid_request' });
    expect((await call('POST', '', 'name=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await call('PUT', `/${before[0]?.id}`, 'plain words', 'text/plain')).statusCode).toBe(415);
    expect(await list()).toEqual(before);
    expect(await activeIds()).toHaveLength(1);
  });

  it('needs a session, and the app origin for changes, like every API route', async () => {
    const urls = t.app.routeTable.map((route) => `${String(route.method)} ${route.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/v1/prompts/:id/activate', 'PUT /api/v1/prompts/:id']));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/prompts/active' });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prompts/1/activate',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('seeds once when two processes start at the same time', async () => {
    const database = await createTestDatabase(engine);
    try {
      const services = [1, 2].map(() => createPromptsService(createPromptsRepository(database.handle.db)));
      const seeded = await Promise.all(services.map((service) => service.ensureDefaultPrompt()));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const prompts = await services[0]?.list();
      expect(prompts).toHaveLength(1);
      expect(prompts?.[0]).toMatchObject({ is_active: true, version_count: 1 });
    } finally {
      await database.drop();
    }
  });
});
