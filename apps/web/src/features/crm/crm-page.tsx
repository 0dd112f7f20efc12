import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/card.tsx';
import { DownloadLink } from '../../components/download-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { crmDestinationQueryOptions } from '../../lib/crm-destination.ts';
import { CRM_EXPORT_URL, crmOutboxQueryOptions } from './api.ts';
import { CrmRecords } from './components/crm-records.tsx';

/** CRM (/crm): what was pushed to the CRM, with its company, contacts, intent and source; members see their own. */
export function CrmPage() {
  const [page, setPage] = useState(1);
  const destination = useQuery(crmDestinationQueryOptions()).data;
  const outbox = useQuery(crmOutboxQueryOptions(page));

  return (
    <div className="space-y-6">
      <PageHeader
        title="CRM"
        description={
          destination?.kind === 'hubspot'
            ? 'Signals pushed to HubSpot, newest first, with links to their records there.'
            : destination?.kind === 'outbox'
              ? 'Signals pushed to the local CRM outbox (no HubSpot account is configured), newest first. Export them as CSV to import into your CRM.'
              : 'Signals pushed to the CRM, newest first.'
        }
        actions={<DownloadLink href={CRM_EXPORT_URL}>Export CSV</DownloadLink>}
      />
      <Card>
        <PagedList
          query={outbox}
          what="The pushed records"
          itemName="records"
          onPageChange={setPage}
          empty="Nothing pushed yet. Signals you push to the CRM show here."
        >
          {(records) => <CrmRecords records={records} />}
        </PagedList>
      </Card>
    </div>
  );
}
