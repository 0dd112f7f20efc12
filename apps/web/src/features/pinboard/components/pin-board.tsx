import { Card } from '../../../components/card.tsx';
import { NoticeStack, useNotices } from '../../../components/notices.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { QuickLinksSection } from './quick-links-section.tsx';
import { WidgetsSection } from './widgets-section.tsx';

/** A failed save or delete, said in the page's notices (SPEC.md's alert texts) with the server's reason. */
export type ReportFailure = (message: string, error: unknown) => void;

export function PinBoard() {
  const { notices, notify, dismiss } = useNotices();
  const reportFailure: ReportFailure = (message, error) =>
    notify('error', message, isApiError(error) ? error.detail : undefined);
  return (
    <Card title="Pin Board" description="Shared shortcuts and embedded content for your team">
      <NoticeStack notices={notices} onDismiss={dismiss} />
      <div className="space-y-8">
        <QuickLinksSection onFailure={reportFailure} />
        <div className="border-t border-slate-100 pt-6">
          <WidgetsSection onFailure={reportFailure} />
        </div>
      </div>
    </Card>
  );
}
