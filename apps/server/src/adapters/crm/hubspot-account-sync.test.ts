import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeHubspot } from '../../../test/fake-hubspot-suite.ts';
import { CrmError, type CrmAccount, type CrmPush, type CrmPushResult } from './crm-adapter.ts';

const TOKEN = 'pat-na1-account-token';

const account = (stage = 'pfs'): CrmAccount => ({
  heat: 7.4,
  stage,
  latestFacts: '2026-11-20 financing closed C$5M; 2026-11-18 drilling planned 5,000 m',
  url: 'http://127.0.0.1:8000/companies/12',
  projects: [
    { id: 31, name: 'Lanternfish', stage, country: 'CA', commodities: ['Cu', 'Au'], written: null },
    { id: 32, name: 'Bluegill', stage: 'exploration', country: 'CL', commodities: ['Cu'], written: null },
  ],
});

/** A push of article `id`; `before` is its earlier result, `written` the company's project records so far. */
function push(id: number, acc: CrmAccount, before?: CrmPushResult, written = before?.projects): CrmPush {
  return {
    articleId: id,
    company: { name: 'Lanternfish Copper', domain: 'lanternfish.example', ticker: null },
    contacts: [],
    note: { title: 'Sales signal', body: 'Signal: financing' },
    existing: {
      companyId: before?.companyId ?? null,
      contactIds: before?.contactIds ?? {},
      noteId: before?.noteId ?? null,
    },
    // What crm_project_records holds after the earlier push.
    account: {
      ...acc,
      projects: acc.projects.map((p) => ({
        ...p,
        written: written?.find((r) => r.projectId === p.id) ?? null,
      })),
    },
  };
}

describe('a HubSpot push carries the account (issue 34)', () => {
  const hubspot = useFakeHubspot({ accessToken: TOKEN });
  const warnings: string[] = [];
  const adapter = () => hubspot.adapter({ warn: (message) => warnings.push(message) });
  beforeEach(() => {
    warnings.length = 0;
  });

  const projectNotes = () =>
    hubspot.fake.records('notes').filter((n) => n.properties.hs_note_body?.includes('Project:'));

  it('creates the properties once, sets them on the company, and writes one note per project', async () => {
    const crm = adapter();
    const first = await crm.push(push(1, account()));
    const second = await crm.push(push(2, account(), undefined, first.projects));
    expect(hubspot.fake.companyProperties().sort()).toEqual([
      'mining_hub_account_url',
      'mining_hub_heat',
      'mining_hub_latest_facts',
      'mining_hub_stage',
    ]);
    // Created once: the second push neither lists nor creates properties again.
    expect(hubspot.fake.requests.filter((r) => r.path.startsWith('/crm/v3/properties/companies'))).toHaveLength(6);
    const [company] = hubspot.fake.records('companies');
    expect(company?.properties).toMatchObject({
      mining_hub_heat: '7.4',
      mining_hub_stage: 'pfs',
      mining_hub_latest_facts: '2026-11-20 financing closed C$5M; 2026-11-18 drilling planned 5,000 m',
      mining_hub_account_url: 'http://127.0.0.1:8000/companies/12',
    });
    expect(first.projects?.map((p) => [p.projectId, p.kind])).toEqual([
      [31, 'note'],
      [32, 'note'],
    ]);
    // Another article of the same company: the records are kept by project, so no second note.
    expect(second.projects).toEqual(first.projects);
    const notes = projectNotes();
    expect(notes).toHaveLength(2);
    for (const note of notes) expect(hubspot.fake.associatedIds('notes', note.id, 'companies')).toEqual([company?.id]);
  });

  it('a repush with the stored records writes nothing new; a stage change updates the same note', async () => {
    const crm = adapter();
    const first = await crm.push(push(1, account()));
    const again = await crm.push(push(1, account(), first));
    expect(projectNotes()).toHaveLength(2);
    expect(again.projects).toEqual(first.projects);
    const moved = await crm.push(push(1, account('fs'), again));
    const notes = projectNotes();
    expect(notes).toHaveLength(2);
    expect(moved.projects?.map((p) => p.crmId)).toEqual(first.projects?.map((p) => p.crmId));
    expect(notes.find((n) => n.id === moved.projects?.[0]?.crmId)?.properties.hs_note_body).toContain('stage: fs');
    expect(hubspot.fake.records('companies')[0]?.properties.mining_hub_stage).toBe('fs');
  });

  it('another process (or portal client) finds the properties listed and creates none', async () => {
    await adapter().push(push(1, account()));
    hubspot.fake.requests.length = 0;
    await adapter().push(push(2, account()));
    const propertyCalls = hubspot.fake.requests.filter((r) => r.path.startsWith('/crm/v3/properties/companies'));
    expect(propertyCalls.map((r) => r.method)).toEqual(['GET']);
    expect(hubspot.fake.records('companies')[0]?.properties.mining_hub_heat).toBe('7.4');
  });

  it('two processes making the properties at once: the one answered 409 takes them as made and still sets them', async () => {
    // Both list the portal's properties before either has made them, so both create; HubSpot answers the
    // second creator of the group and of each property 409 (it exists), which is what that process wanted.
    // Two companies: pushes of one company take turns (the pipeline's company lock), those of two do not.
    const other: CrmPush = {
      ...push(2, account()),
      company: { name: 'Bluegill Resources', domain: 'bluegill.example', ticker: null },
    };
    const [first, second] = await Promise.all([adapter().push(push(1, account())), adapter().push(other)]);
    expect(first.companyId).toBeTruthy();
    expect(second.companyId).toBeTruthy();
    const creates = hubspot.fake.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith('/crm/v3/properties/companies'),
    );
    expect(creates.filter((r) => r.status === 409).length).toBeGreaterThan(0);
    expect(hubspot.fake.companyProperties().sort()).toEqual([
      'mining_hub_account_url',
      'mining_hub_heat',
      'mining_hub_latest_facts',
      'mining_hub_stage',
    ]);
    for (const company of hubspot.fake.records('companies')) {
      expect(company.properties).toMatchObject({ mining_hub_heat: '7.4', mining_hub_stage: 'pfs' });
    }
    expect(warnings).toEqual([]);
  });

  it('a token without the schema scope (403) pushes the company without the properties, logged once', async () => {
    hubspot.fake.script({
      method: 'GET',
      path: /^\/crm\/v3\/properties\/companies/,
      refuse: {
        status: 403,
        category: 'MISSING_SCOPES',
        message: "This app hasn't been granted all required scopes to make this call.",
      },
    });
    const crm = adapter();
    const first = await crm.push(push(1, account()));
    await crm.push(push(2, account()));
    expect(first.companyId).toBeTruthy();
    expect(hubspot.fake.records('companies')[0]?.properties.mining_hub_heat).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/403/);
    // Projects still go as notes.
    expect(projectNotes().length).toBeGreaterThan(0);
  });

  it('a failed project note fails the push retryably, keeping the records written before it', async () => {
    const crm = adapter();
    // The second project's note: 503 through every retry.
    hubspot.fake.script({ method: 'POST', path: /^\/crm\/v3\/objects\/notes$/, times: 2 });
    hubspot.fake.script({
      method: 'POST',
      path: /^\/crm\/v3\/objects\/notes$/,
      times: 10,
      refuse: { status: 503, category: 'INTERNAL_ERROR', message: 'Service unavailable' },
    });
    const error = await crm.push(push(1, account())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    const failure = error as CrmError;
    expect(failure.retryable).toBe(true);
    expect(failure.partial?.companyId).toBeTruthy();
    expect(failure.partial?.projects?.map((p) => p.projectId)).toEqual([31]);
    expect(projectNotes()).toHaveLength(1);
    // The retry, given what was kept, writes only the missing project's note.
    const retried = await crm.push(
      push(1, account(), {
        companyId: failure.partial?.companyId ?? '',
        contactIds: {},
        noteId: failure.partial?.noteId ?? '',
        projects: failure.partial?.projects,
      }),
    );
    expect(retried.projects).toHaveLength(2);
    expect(projectNotes()).toHaveLength(2);
  });

  it('with a project custom object: one record per project, associated with the company, updated in place', async () => {
    const objectTypeId = hubspot.fake.defineCustomObject('mining_project', 'Mining project', 'Mining projects', [
      'project_name',
      'stage',
      'country',
      'commodities',
    ]);
    const crm = adapter();
    const first = await crm.push(push(1, account()));
    expect(first.projects?.map((p) => p.kind)).toEqual(['object', 'object']);
    const records = hubspot.fake.customRecords(objectTypeId);
    expect(records.map((r) => r.properties)).toEqual([
      { project_name: 'Lanternfish', stage: 'pfs', country: 'CA', commodities: 'Cu;Au' },
      { project_name: 'Bluegill', stage: 'exploration', country: 'CL', commodities: 'Cu' },
    ]);
    const [company] = hubspot.fake.records('companies');
    for (const record of records) expect(hubspot.fake.customCompanies(objectTypeId, record.id)).toEqual([company?.id]);
    expect(projectNotes()).toHaveLength(0);

    await crm.push(push(1, account('fs'), first));
    const after = hubspot.fake.customRecords(objectTypeId);
    expect(after).toHaveLength(2);
    expect(after[0]?.properties.stage).toBe('fs');
  });
});
