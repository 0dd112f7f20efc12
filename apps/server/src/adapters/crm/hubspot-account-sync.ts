import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/notes/index.js';
import {
  PropertyCreateFieldTypeEnum,
  PropertyCreateTypeEnum,
} from '@hubspot/api-client/lib/codegen/crm/properties/index.js';
import { escapeHtml } from '../../lib/html.ts';
import {
  CrmError,
  projectHash,
  projectLine,
  type CrmAccount,
  type CrmProject,
  type CrmProjectRecord,
} from './crm-adapter.ts';
import type { AssociateDefault } from './hubspot-associations.ts';
import { ifExists, type HubspotTransport } from './hubspot-transport.ts';

/** The company properties a push carries, created in the portal's `mining_hub` group when missing. */
export const ACCOUNT_PROPERTIES = [
  { name: 'mining_hub_heat', label: 'Mining Hub heat', type: 'number' },
  { name: 'mining_hub_stage', label: 'Mining Hub stage', type: 'text' },
  { name: 'mining_hub_latest_facts', label: 'Mining Hub latest facts', type: 'textarea' },
  { name: 'mining_hub_account_url', label: 'Mining Hub account', type: 'text' },
] as const;
const GROUP = 'mining_hub';

/**
 * The account side of a HubSpot push: the custom company properties (made once per adapter, i.e. per
 * process and portal) and one note per project, written once and updated when the project changes.
 */
export function createHubspotAccountSync(
  { propertiesApi, notesApi, objectsApi, schemasApi, call }: HubspotTransport,
  associateDefault: AssociateDefault,
  warn: (message: string) => void,
) {
  // The portal's project object, looked up once: null when it has none (or the token cannot read schemas).
  let projectObject: Promise<ProjectObject | null> | undefined;

  async function findProjectObject(signal: AbortSignal | undefined): Promise<ProjectObject | null> {
    try {
      const schemas = await call('reading the custom object schemas', true, signal, () => schemasApi.coreApi.getAll());
      const schema = schemas.results.find((candidate) =>
        /project/i.test(`${candidate.name} ${candidate.labels.singular ?? ''} ${candidate.labels.plural ?? ''}`),
      );
      if (!schema?.objectTypeId) return null;
      return {
        objectTypeId: schema.objectTypeId,
        nameProperty: schema.primaryDisplayProperty ?? 'name',
        properties: new Set(schema.properties.map((property) => property.name)),
      };
    } catch (error) {
      if (error instanceof CrmError && error.status === 403) {
        warn(`HubSpot: projects go as notes, the token cannot read custom object schemas: ${error.message}`);
        return null;
      }
      throw error;
    }
  }

  // undefined: not looked at yet; a promise shared by concurrent pushes so the properties are made once.
  let ready: Promise<boolean> | undefined;

  async function ensureProperties(signal: AbortSignal | undefined): Promise<boolean> {
    const existing = await call('reading the company properties', true, signal, () =>
      propertiesApi.coreApi.getAll('companies'),
    );
    const have = new Set(existing.results.map((property) => property.name));
    const missing = ACCOUNT_PROPERTIES.filter((property) => !have.has(property.name));
    if (missing.length === 0) return true;
    await alreadyOk(() =>
      call('creating the mining_hub property group', false, signal, () =>
        propertiesApi.groupsApi.create('companies', { name: GROUP, label: 'Mining Hub', displayOrder: -1 }),
      ),
    );
    for (const property of missing) {
      await alreadyOk(() =>
        call(`creating the ${property.name} property`, false, signal, () =>
          propertiesApi.coreApi.create('companies', {
            name: property.name,
            label: property.label,
            groupName: GROUP,
            type: property.type === 'number' ? PropertyCreateTypeEnum.Number : PropertyCreateTypeEnum.String,
            fieldType:
              property.type === 'number'
                ? PropertyCreateFieldTypeEnum.Number
                : property.type === 'textarea'
                  ? PropertyCreateFieldTypeEnum.Textarea
                  : PropertyCreateFieldTypeEnum.Text,
          }),
        ),
      );
    }
    return true;
  }

  /**
   * The account's company properties, or {} when the portal cannot hold them: a 403 (the token lacks
   * crm.schemas.companies.write) is logged once and the company is pushed without them from then on.
   * Other failures (5xx after retries, 429) fail this push as any call does, and the next push looks again.
   */
  async function companyProperties(
    account: CrmAccount | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, string>> {
    if (!account) return {};
    ready ??= ensureProperties(signal).catch((error: unknown) => {
      if (error instanceof CrmError && error.status === 403) {
        warn(`HubSpot: company pushes go without heat, stage and facts: ${error.message}`);
        return false;
      }
      ready = undefined;
      throw error;
    });
    if (!(await ready)) return {};
    return {
      mining_hub_heat: String(account.heat),
      mining_hub_stage: account.stage ?? '',
      mining_hub_latest_facts: account.latestFacts,
      mining_hub_account_url: account.url,
    };
  }

  /**
   * One note per project on the company: created once, updated (same note) when its hash changes, left
   * alone otherwise. A failure here fails the push (retryable or recorded as any call), after the company,
   * contacts and sales note were written and their ids kept, so the retry only redoes the projects.
   */
  async function projects(
    account: CrmAccount | undefined,
    companyId: string,
    done: CrmProjectRecord[],
    signal: AbortSignal | undefined,
  ): Promise<CrmProjectRecord[]> {
    if (!account || account.projects.length === 0) return done;
    projectObject ??= findProjectObject(signal).catch((error: unknown) => {
      projectObject = undefined;
      throw error;
    });
    const object = await projectObject;
    for (const project of account.projects) {
      const hash = projectHash(project);
      const written = project.written;
      if (object) {
        done.push(await projectRecord(object, project, hash, companyId, signal));
        continue;
      }
      if (written && written.kind === 'note' && written.hash === hash) {
        done.push(written);
        continue;
      }
      const body = `<p><strong>Project: ${escapeHtml(project.name)}</strong></p><p>${escapeHtml(projectLine(project))}</p>`;
      let id: string | undefined;
      if (written?.kind === 'note') {
        const updated = await ifExists(() =>
          call('updating a project note', true, signal, () =>
            notesApi.basicApi.update(written.crmId, { properties: { hs_note_body: body } }),
          ),
        );
        id = updated?.id;
      }
      if (!id) {
        const created = await call('creating a project note', false, signal, () =>
          notesApi.basicApi.create({
            properties: { hs_note_body: body, hs_timestamp: new Date().toISOString() },
            associations: [
              {
                to: { id: companyId },
                types: [
                  {
                    associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
                    associationTypeId: AssociationTypes.noteToCompany,
                  },
                ],
              },
            ],
          }),
        );
        id = created.id;
      }
      done.push({ projectId: project.id, kind: 'note', crmId: id, hash });
    }
    return done;
  }

  /** The project as a record of the portal's project object, associated with the company; updated in place. */
  async function projectRecord(
    object: ProjectObject,
    project: CrmProject,
    hash: string,
    companyId: string,
    signal: AbortSignal | undefined,
  ): Promise<CrmProjectRecord> {
    const written = project.written;
    if (written?.kind === 'object' && written.hash === hash) return written;
    const wanted: Record<string, string> = {
      [object.nameProperty]: project.name,
      stage: project.stage ?? '',
      country: project.country ?? '',
      commodities: project.commodities.join(';'),
    };
    // Only what the schema defines: HubSpot refuses a property it does not know.
    const properties = Object.fromEntries(Object.entries(wanted).filter(([name]) => object.properties.has(name)));
    let id: string | undefined;
    if (written?.kind === 'object') {
      const updated = await ifExists(() =>
        call('updating a project record', true, signal, () =>
          objectsApi.basicApi.update(object.objectTypeId, written.crmId, { properties }),
        ),
      );
      id = updated?.id;
    }
    if (!id) {
      const created = await call('creating a project record', false, signal, () =>
        objectsApi.basicApi.create(object.objectTypeId, { properties, associations: [] }),
      );
      id = created.id;
    }
    // Repeating a default association is harmless, and a create's association may have failed before.
    await associateDefault(object.objectTypeId, 'companies', [id], [companyId], signal);
    return { projectId: project.id, kind: 'object', crmId: id, hash };
  }

  return { companyProperties, projects };
}

interface ProjectObject {
  objectTypeId: string;
  nameProperty: string;
  properties: Set<string>;
}

/** A 409 on a create means it exists already (another process, an earlier run): what was wanted. */
async function alreadyOk(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof CrmError && error.status === 409)) throw error;
  }
}
