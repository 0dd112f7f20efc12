import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useApiDownload } from '../../lib/api-download.ts';
import { crmDestinationQueryOptions } from '../../lib/crm-destination.ts';
import { CRM_EXPORT_FILE_NAME, CRM_EXPORT_PATH, crmOutboxQueryOptions } from './api.ts';
import { CrmRecords } from './components/crm-records.tsx';

/** CRM (/crm): what was pushed to the CRM, with its company, contacts, intent and source; members see their own. */
export function CrmPage() {
  const [page, setPage] = useState(1);
  const destination = useQuery(crmDestinationQueryOptions()).data;
  const outbox = useQuery(crmOutboxQueryOptions(page));
  const { notices, notify, dismiss } = useNotices();
  const exportCsv = useApiDownload(CRM_EXPORT_PATH, CRM_EXPORT_FILE_NAME, (error) =>
    notify('error', 'Failed to export CSV', isApiError(error) ? error.detail : undefined),
  );

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
        actions={
          <a {...exportCsv.linkProps} className={buttonClasses('secondary')}>
            {exportCsv.busy ? <Spinner className="size-4" /> : <DownloadIcon className="size-4" />}
            {exportCsv.busy ? 'Exporting...' : 'Export CSV'}
          </a>
        }
      />
      <NoticeStack notices={notices} onDismiss={dismiss} />
      <Card>
        <PagedList
          query={outbox}
          what="The pushed records"
          itemName="records"
          onPageChange={setPage}
          empty="Nothing pushed yet. Push analysed articles to the CRM from News Signals or Signals, and they show here."
        >
          {(records) => <CrmRecords records={records} />}
        </PagedList>
      </Card>
    </div>
  );
}
