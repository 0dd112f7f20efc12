import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usableBy } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { ArrowRightIcon, NewsIcon, ReportIcon, SparklesIcon } from '../../../components/icons.tsx';

interface QuickAction {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  /** Offered to admins only (members may read prompts, not configure them). */
  adminOnly?: boolean;
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    to: '/news-signals',
    title: 'Start Market Analysis',
    description: 'Fetch and analyse latest market intelligence',
    icon: <NewsIcon />,
  },
  { to: '/reports', title: 'Generate Reports', description: 'Create and review sales reports', icon: <ReportIcon /> },
  {
    to: '/prompts',
    title: 'Configure AI',
    description: 'Manage AI processing prompts',
    icon: <SparklesIcon />,
    adminOnly: true,
  },
];

export function WelcomePanel({ name }: { name: string }) {
  const actions = usableBy(QUICK_ACTIONS, useCurrentUser().role);
  return (
    <section className="overflow-hidden rounded-xl bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 p-6 text-white shadow-sm sm:p-8">
      {/* Takes focus after sign-in and navigation (app/layout/use-page-heading-focus.ts); a white ring on the blue. */}
      <h1 tabIndex={-1} className="w-fit text-2xl font-semibold tracking-tight focus-visible:outline-white sm:text-3xl">
        Welcome, {name}
      </h1>
      <p className="mt-1.5 max-w-2xl text-sm text-blue-100">
        Track mining news, spot sales opportunities and keep your CRM up to date.
      </p>
      <div className={`mt-6 grid gap-3 ${actions.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {actions.map((action) => (
          <Link
            key={action.to}
            to={action.to}
            className="group flex items-start gap-3 rounded-lg bg-white/10 p-4 ring-1 ring-white/15 transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-white/15 text-white">
              {action.icon}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-1 font-medium">
                {action.title}
                <ArrowRightIcon className="size-4 opacity-0 transition group-hover:translate-x-0.5 group-hover:opacity-100" />
              </span>
              <span className="mt-0.5 block text-sm text-blue-100">{action.description}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
