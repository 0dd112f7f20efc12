import { useCurrentUser } from '../auth/auth-context.ts';
import { PinBoard } from '../pinboard/components/pin-board.tsx';
import { ArticleStatsPanel } from './components/article-stats-panel.tsx';
import { SystemStatusPanel } from './components/system-status-panel.tsx';
import { WelcomePanel } from './components/welcome-panel.tsx';

export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <div className="space-y-6">
      <title>Dashboard · Mining Sales Hub</title>
      <WelcomePanel name={user.name} />
      <div className="grid gap-6 lg:grid-cols-3">
        <ArticleStatsPanel />
        <SystemStatusPanel />
      </div>
      <PinBoard />
    </div>
  );
}
