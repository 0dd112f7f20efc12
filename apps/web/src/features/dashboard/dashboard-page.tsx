import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { ArticleStatsPanel } from './components/article-stats-panel.tsx';
import { SystemStatusPanel } from './components/system-status-panel.tsx';
import { WelcomePanel } from './components/welcome-panel.tsx';

/** The dashboard; the app passes in the pin board (features never import each other). */
export function DashboardPage({ pinBoard }: { pinBoard: ReactNode }) {
  const user = useCurrentUser();
  return (
    <div className="space-y-6">
      <title>Dashboard · Mining Sales Hub</title>
      <WelcomePanel name={user.name} />
      <div className="grid gap-6 lg:grid-cols-3">
        <ArticleStatsPanel />
        <SystemStatusPanel />
      </div>
      {pinBoard}
    </div>
  );
}
