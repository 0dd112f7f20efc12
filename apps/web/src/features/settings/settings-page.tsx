import { defaultLandingPage, type LandingPage } from '@mining-hub/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/card.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { preferencesQueryOptions, useSavePreferences } from './api.ts';
import { DigestCard } from './digest-card.tsx';

const SCREEN_NAMES: Record<LandingPage, string> = { signals: 'Signals', dashboard: 'Dashboard' };

/** Settings (/settings): each user's own choices: the screen they land on after sign-in, and the daily digest. */
export function SettingsPage() {
  const user = useCurrentUser();
  const preferences = useQuery(preferencesQueryOptions());
  const save = useSavePreferences();
  const { notices, notify, dismiss } = useNotices();
  const roleDefault = defaultLandingPage(user.role);
  const choices: { value: LandingPage | null; label: string }[] = [
    { value: null, label: `Your role's default (${SCREEN_NAMES[roleDefault]})` },
    { value: 'signals', label: 'Signals: the inbox of analysed articles' },
    { value: 'dashboard', label: 'Dashboard: the welcome panel and pin board' },
  ];
  const chosen = save.isPending ? (save.variables.landing_page ?? null) : (preferences.data?.landing_page ?? null);

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your own choices; they follow you on every device." />
      <NoticeStack notices={notices} onDismiss={dismiss} />
      <Card title="Start page" description="Where you land after signing in.">
        {preferences.isPending ? (
          <Spinner />
        ) : (
          <fieldset>
            <legend className="sr-only">Start page</legend>
            <div className="space-y-2">
              {choices.map((choice) => (
                <label key={choice.label} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="landing-page"
                    checked={chosen === choice.value}
                    disabled={save.isPending}
                    onChange={() =>
                      save.mutate(
                        { landing_page: choice.value },
                        {
                          onSuccess: (saved) =>
                            notify('success', `You will land on ${SCREEN_NAMES[saved.landing]} after signing in`),
                          onError: (error) =>
                            notify('error', 'Could not save', isApiError(error) ? error.detail : undefined),
                        },
                      )
                    }
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </Card>
      <DigestCard notify={notify} />
    </div>
  );
}
