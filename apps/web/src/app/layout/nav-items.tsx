import type { ReactNode } from 'react';
import { DashboardIcon, LogsIcon, NewsIcon, ReportIcon, ScraperIcon, SparklesIcon } from '../../components/icons.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/news-signals', label: 'News Signals', icon: <NewsIcon /> },
  { to: '/reports', label: 'Reports', icon: <ReportIcon /> },
  { to: '/logs', label: 'System Logs', icon: <LogsIcon /> },
  { to: '/prompts', label: 'AI Prompts', icon: <SparklesIcon /> },
  { to: '/scraper', label: 'Scraper', icon: <ScraperIcon /> },
];
