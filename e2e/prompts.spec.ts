import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// Both tests change which prompt is active; run them one after the other.
test.describe.configure({ mode: 'serial' });

interface ActivePrompt {
  id: number;
  name: string;
  version: number;
  function_schema: {
    name: string;
    parameters: {
      properties: Record<string, { type: string; enum?: string[]; items?: { properties: Record<string, unknown> } }>;
      required: string[];
    };
  };
}

/** What the analysis step reads: the active prompt and the tool schema it sends with every article. */
async function activePrompt(page: Page): Promise<ActivePrompt> {
  const response = await page.request.get('/api/v1/prompts/active');
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

async function openPrompts(page: Page): Promise<void> {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Prompts' }).click();
  await expect(page.getByRole('heading', { name: 'AI Prompt Management' })).toBeVisible();
}

async function createPrompt(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create New Prompt' }).click();
  await page.getByRole('tab', { name: 'Prompt Text' }).click();
  const text = page.getByRole('tabpanel', { name: 'Prompt Text' });
  await text.getByLabel('Name', { exact: true }).fill(name);
  await text.getByLabel('System prompt').fill(`Find drilling signals (${name}).`);
  await page.getByRole('button', { name: 'Create Prompt' }).click();
  // The notice of a prompt created just before may still be showing.
  await expect(page.getByRole('status').filter({ hasText: 'Prompt created successfully' }).last()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Currently Active' })).toContainText(name);
}

test('create a prompt with an added enum field: it becomes active and the analysis tool schema carries the field', async ({
  page,
}) => {
  await openPrompts(page);
  const name = `Deal stages ${Date.now()}`;
  await page.getByRole('button', { name: 'Create New Prompt' }).click();
  const text = page.getByRole('tabpanel', { name: 'Prompt Text' });
  await expect(text.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByText('Name and prompt text are required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Prompt' })).toBeDisabled();
  await text.getByLabel('Name', { exact: true }).fill(name);
  await text.getByLabel('Description').fill('Adds the deal stage to every signal');
  await text.getByLabel('System prompt').fill('Find drilling signals and the stage of the deal.');
  await expect(text.getByText('48 characters (at most 50,000)')).toBeVisible();

  await page.getByRole('tab', { name: 'Output Schema' }).click();
  const schema = page.getByRole('tabpanel', { name: 'Output Schema' });
  await expect(schema.getByLabel('Function name')).toHaveValue('analyse_mining_news_signal');
  await schema.getByRole('button', { name: 'Add Field', exact: true }).click();
  await schema
    .getByRole('group', { name: 'Field new_field_13', exact: true })
    .getByLabel('Field name')
    .fill('deal_stage');
  const field = schema.getByRole('group', { name: 'Field deal_stage', exact: true });
  await expect(field.getByLabel('Description')).toHaveValue('Description for the new field');
  await field.getByLabel('Description').fill('Where the company is in its buying cycle.');
  await field.getByLabel('Type').selectOption('enum');
  await expect(field.getByLabel('Enum values')).toHaveValue('Option 1, Option 2');
  await field.getByLabel('Required').check();

  // An empty enum is an error the server explains; saving it is refused.
  await field.getByLabel('Enum values').fill('');
  await schema.getByRole('button', { name: 'Validate Schema' }).click();
  const result = schema.getByRole('status', { name: 'Schema validation result' });
  await expect(result).toContainText('Schema has errors');
  await expect(result).toContainText('Field "deal_stage": enum is empty; list at least one value');
  await page.getByRole('button', { name: 'Create Prompt' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to save prompt' });
  await expect(failed).toContainText('enum is empty');

  await field.getByLabel('Enum values').fill(' Lead, Qualified ,Won ');
  await schema.getByRole('button', { name: 'Validate Schema' }).click();
  await expect(result).toContainText('Schema is valid');
  await expect(schema.getByRole('region', { name: 'JSON schema preview' })).toContainText('"deal_stage": {');

  await page.getByRole('button', { name: 'Create Prompt' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Prompt created successfully' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Currently Active' })).toContainText(name);
  await expect(page.getByRole('listitem', { name })).toContainText('Active');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();

  const active = await activePrompt(page);
  expect(active.name).toBe(name);
  expect(active.function_schema.parameters.properties.deal_stage).toEqual({
    type: 'string',
    description: 'Where the company is in its buying cycle.',
    enum: ['Lead', 'Qualified', 'Won'],
  });
  expect(active.function_schema.parameters.required).toContain('deal_stage');
});

test('edit the active schema (nested fields too), save, then activate an older prompt; notices go after 5 s', async ({
  page,
}) => {
  await openPrompts(page);
  const stamp = Date.now();
  const older = `Older ${stamp}`;
  const newer = `Newer ${stamp}`;
  await createPrompt(page, older);
  await createPrompt(page, newer);

  await page.getByRole('tab', { name: 'Output Schema' }).click();
  const schema = page.getByRole('tabpanel', { name: 'Output Schema' });
  await schema.getByRole('button', { name: 'Add Field', exact: true }).click();
  await schema
    .getByRole('group', { name: 'Field new_field_13', exact: true })
    .getByLabel('Field name')
    .fill('rig_count');
  const rigs = schema.getByRole('group', { name: 'Field rig_count', exact: true });
  await rigs.getByLabel('Type').selectOption('integer');
  await rigs.getByLabel('Description').fill('Number of drill rigs on site, if stated.');
  await rigs.getByLabel('Required').check();

  // contact_details' nested fields are edited in place.
  const phone = schema.getByRole('group', { name: 'Field phone_number', exact: true });
  await phone.getByLabel('Field name').fill('mobile_number');
  await schema.getByRole('group', { name: 'Field email', exact: true }).getByLabel('Required').check();

  await schema.getByRole('button', { name: 'Validate Schema' }).click();
  await expect(schema.getByRole('status', { name: 'Schema validation result' })).toContainText('Schema is valid');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const updated = page.getByRole('status').filter({ hasText: 'Prompt updated successfully' });
  await expect(updated).toBeVisible();
  await expect(updated).toBeHidden({ timeout: 8_000 });

  const edited = await activePrompt(page);
  expect(edited).toMatchObject({ name: newer, version: 2 });
  const { properties, required } = edited.function_schema.parameters;
  expect(properties.rig_count).toEqual({ type: 'integer', description: 'Number of drill rigs on site, if stated.' });
  expect(required.at(-1)).toBe('rig_count');
  expect(Object.keys(properties.contact_details?.items?.properties ?? {})).toEqual([
    'first_name',
    'last_name',
    'email',
    'job_title',
    'mobile_number',
  ]);
  await expect(page.getByRole('listitem', { name: newer })).toContainText('2 versions kept');

  await page.getByRole('tab', { name: 'Prompt Text' }).click();
  await page.getByRole('tabpanel', { name: 'Prompt Text' }).getByLabel('Name', { exact: true }).fill('  ');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByText('Name and prompt text are required')).toBeVisible();

  await page.getByRole('button', { name: `Activate ${older}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Prompt activated successfully' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Currently Active' })).toContainText(older);
  await expect(page.getByRole('listitem', { name: older })).toContainText('Active');
  await expect(page.getByRole('button', { name: `Activate ${newer}` })).toBeVisible();
  expect((await activePrompt(page)).name).toBe(older);

  // Leave the seeded default (the oldest prompt) active for the other journeys sharing this server.
  const all: { id: number }[] = (await (await page.request.get('/api/v1/prompts')).json()).data;
  const seeded = all.at(-1);
  const restored = await page.request.post(`/api/v1/prompts/${seeded?.id}/activate`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(restored.status()).toBe(200);
});

test('a schema without output fields is explained beside the fields and refused on save', async ({ page }) => {
  await openPrompts(page);
  const before = await activePrompt(page);
  await page.getByRole('tab', { name: 'Output Schema' }).click();
  const schema = page.getByRole('tabpanel', { name: 'Output Schema' });
  const removeButtons = schema.getByRole('button', { name: /^Remove field / });
  while ((await removeButtons.count()) > 0) await removeButtons.first().click();

  await expect(schema.getByText(/has no output fields: add at least one/)).toBeVisible();
  await expect(page.getByText('The output schema has no fields: add one on the Output Schema tab')).toBeVisible();
  await schema.getByRole('button', { name: 'Validate Schema' }).click();
  const result = schema.getByRole('status', { name: 'Schema validation result' });
  await expect(result).toContainText('Schema has errors');
  await expect(result).toContainText('The schema has no output fields');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Failed to save prompt' });
  await expect(refused).toContainText('The output schema has errors: The schema has no output fields');
  const after = await activePrompt(page);
  expect(after).toMatchObject({ id: before.id, version: before.version });
  expect(Object.keys(after.function_schema.parameters.properties).length).toBeGreaterThan(0);
});
