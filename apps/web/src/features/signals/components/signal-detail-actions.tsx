import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ExternalLinkIcon } from '../../../components/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { crmRecordQueryOptions, useDismissal } from '../api.ts';
import { neighboursOf } from '../inbox-keys.ts';

interface SignalDetailActionsProps {
  articleId: number;
  /** The inbox's signals in their order, for previous and next. */
  ids: readonly number[];
  /** Whether the open signal is a dismissed one (then Restore instead of Dismiss). */
  dismissed: boolean;
  crmLabel: string;
  onOpen: (articleId: number) => void;
  onClose: () => void;
  /** The rep dismissed or restored it here: the inbox shows that at once. */
  onChanged: (articleId: number) => void;
  onError: (title: string, detail?: string) => void;
}

const linkClass =
  'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50';

/**
 * The signal detail's own actions (issue 35), beside the article's: previous and next through the inbox (also
 * k and j), Dismiss (or Restore), and once pushed, the link to the CRM record (HubSpot's company page, or the
 * local outbox). Push itself is the article's next step, and Copy e-mail sits with the e-mail draft.
 */
export function SignalDetailActions(props: SignalDetailActionsProps) {
  const { articleId, ids, dismissed, crmLabel, onOpen, onClose, onChanged, onError } = props;
  const { previous, next } = neighboursOf(ids, articleId);
  const record = useQuery(crmRecordQueryOptions(articleId)).data;
  const dismissal = useDismissal(dismissed ? 'restore' : 'dismiss');
  const position = ids.indexOf(articleId);

  const changeDismissal = () =>
    dismissal.mutate([articleId], {
      // Done with this one: on to the next, as a mail client does.
      onSuccess: () => {
        onChanged(articleId);
        if (next === null) onClose();
        else onOpen(next);
      },
      onError: (error) =>
        onError(
          `Could not ${dismissed ? 'restore' : 'dismiss'} the signal`,
          isApiError(error) ? error.detail : undefined,
        ),
    });

  const hubspotUrl = record?.hubspot?.company_url ?? null;
  return (
    <>
      {record &&
        (hubspotUrl ? (
          <a href={hubspotUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Open in {crmLabel}
            <ExternalLinkIcon className="size-4" />
          </a>
        ) : (
          <Link to={`/crm?article=${articleId}`} className={linkClass}>
            Open in {crmLabel}
          </Link>
        ))}
      <Button variant="secondary" size="sm" onClick={changeDismissal} disabled={dismissal.isPending}>
        {dismissed ? 'Restore' : 'Dismiss'}
      </Button>
      <span className="flex items-center gap-1" role="group" aria-label="Walk the inbox">
        <Button
          variant="secondary"
          size="sm"
          disabled={previous === null}
          aria-keyshortcuts="k"
          onClick={() => previous !== null && onOpen(previous)}
        >
          Previous
        </Button>
        {position >= 0 && (
          <span className="px-1 text-xs text-slate-600 tabular-nums">
            {position + 1} of {ids.length}
          </span>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={next === null}
          aria-keyshortcuts="j"
          onClick={() => next !== null && onOpen(next)}
        >
          Next
        </Button>
      </span>
    </>
  );
}
