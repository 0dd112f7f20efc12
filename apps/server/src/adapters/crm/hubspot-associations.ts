import { clip } from '../../lib/text.ts';
import { CrmError } from './crm-adapter.ts';
import { BATCH_MAX, type HubspotTransport } from './hubspot-transport.ts';

/** Default (unlabelled) associations from every `from` to every `to`, in batches; repeating one is harmless. */
export type AssociateDefault = (
  fromType: string,
  toType: string,
  fromIds: string[],
  toIds: string[],
  signal: AbortSignal | undefined,
) => Promise<void>;

/** HubSpot associations between CRM records, made through the batch API. */
export function createHubspotAssociations({ associationsApi, call }: HubspotTransport): AssociateDefault {
  async function associateDefault(
    fromType: string,
    toType: string,
    fromIds: string[],
    toIds: string[],
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const pairs = fromIds.flatMap((from) => toIds.map((to) => ({ _from: { id: from }, to: { id: to } })));
    for (let start = 0; start < pairs.length; start += BATCH_MAX) {
      const inputs = pairs.slice(start, start + BATCH_MAX);
      const response = await call(`associating ${fromType} with ${toType}`, true, signal, () =>
        associationsApi.batchApi.createDefault(fromType, toType, { inputs }),
      );
      const first = response.errors?.[0];
      if (first)
        throw new CrmError(`HubSpot refused an association: ${clip(first.message, 300)}`, { retryable: false });
    }
  }
  return associateDefault;
}
