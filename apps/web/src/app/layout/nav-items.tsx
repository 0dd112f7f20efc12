import type { ReactNode } from 'react';
import {
  AuditIcon,
  CompaniesIcon,
  CrmIcon,
  DashboardIcon,
  LogsIcon,
  NewsIcon,
  ReportIcon,
  ScraperIcon,
  SignalsIcon,
  SparklesIcon,
  UsersIcon,
  WatchIcon,
} from '../../components/icons.tsx';
import type { Restricted } from '../../lib/access.ts';

export interface NavItem extends Restricted {
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * The sidebar, and who sees each link. `adminOnly` here must match the routes the router puts behind
 * RequireAdmin (router.test.tsx walks both); AI Prompts stays for members, who may read prompts.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/news-signals', label: 'News Signals', icon: <NewsIcon /> },
  { to: '/signals', label: 'Signals', icon: <SignalsIcon /> },
  { to: '/companies', label: 'Companies', icon: <CompaniesIcon /> },
  { to: '/crm', label: 'CRM', icon: <CrmIcon /> },
  { to: '/watches', label: 'Watches', icon: <WatchIcon /> },
  { to: '/reports', label: 'Reports', icon: <ReportIcon /> },
  { to: '/logs', label: 'System Logs', icon: <LogsIcon />, adminOnly: true },
  { to: '/prompts', label: 'AI Prompts', icon: <SparklesIcon /> },
  { to: '/scraper', label: 'Scraper', icon: <ScraperIcon />, adminOnly: true },
  { to: '/users', label: 'Users', icon: <UsersIcon />, adminOnly: true },
  { to: '/audit-log', label: 'Audit Log', icon: <AuditIcon />, adminOnly: true },
];
