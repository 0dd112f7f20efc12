import { AssociationTypes } from '@hubspot/api-client';
import {
  AssociationSpecAssociationCategoryEnum,
  type PublicAssociationsForObject,
} from '@hubspot/api-client/lib/codegen/crm/objects/notes/index.js';
import { escapeHtml } from '../../lib/html.ts';
import { clip } from '../../lib/text.ts';
import type { CrmPush } from './crm-adapter.ts';
import type { AssociateDefault } from './hubspot-associations.ts';
import { ifExists, type HubspotTransport } from './hubspot-transport.ts';

const NOTE_BODY_MAX = 60_000;

/** Creates or updates an article's note in HubSpot, associated with its company and contacts. */
export function createHubspotNotes({ notesApi, call }: HubspotTransport, associateDefault: AssociateDefault) {
  async function upsertNote(
    input: CrmPush,
    companyId: string,
    contactIds: string[],
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const body = noteHtml(input.note);
    const storedId = input.existing.noteId;
    if (storedId) {
      const updated = await ifExists(() =>
        call('updating the note', true, signal, () =>
          notesApi.basicApi.update(storedId, { properties: { hs_note_body: body } }),
        ),
      );
      if (updated) {
        // Re-pushes are rare, and an earlier attempt may have failed before associating everything.
        await associateDefault('notes', 'companies', [updated.id], [companyId], signal);
        await associateDefault('notes', 'contacts', [updated.id], contactIds, signal);
        return updated.id;
      }
    }
    const spec = (associationTypeId: number) => [
      { associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId },
    ];
    const associations: PublicAssociationsForObject[] = [
      { to: { id: companyId }, types: spec(AssociationTypes.noteToCompany) },
      ...contactIds.map((id) => ({ to: { id }, types: spec(AssociationTypes.noteToContact) })),
    ];
    const created = await call('creating the note', false, signal, () =>
      notesApi.basicApi.create({
        properties: { hs_note_body: body, hs_timestamp: new Date().toISOString() },
        associations,
      }),
    );
    return created.id;
  }

  return upsertNote;
}

/** hs_note_body is HTML: the title in bold, then the body's paragraphs with their line breaks kept. */
export function noteHtml(note: CrmPush['note']): string {
  const body = clip(note.body, NOTE_BODY_MAX);
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return `<p><strong>${escapeHtml(note.title.trim())}</strong></p>${paragraphs.join('')}`;
}
