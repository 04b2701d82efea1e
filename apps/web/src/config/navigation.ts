import {
  Building2,
  Cable,
  CalendarCheck,
  FileText,
  LayoutDashboard,
  Network,
  Phone,
  Receipt,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavigationEntry {
  path: string;
  label: string;
  /** The sidebar shows the entry when the user holds at least one of these (spec 000 §2). */
  anyOf: string[];
  icon: LucideIcon;
}

export const NAVIGATION: NavigationEntry[] = [
  { path: '/', label: 'Dashboard', anyOf: ['dashboard:view'], icon: LayoutDashboard },
  { path: '/billing-jobs', label: 'Billing Jobs', anyOf: ['billing:view'], icon: Receipt },
  { path: '/invoices', label: 'Invoices', anyOf: ['billing:view'], icon: FileText },
  { path: '/month-end', label: 'Month end', anyOf: ['billing:view'], icon: CalendarCheck },
  { path: '/customer-profiles', label: 'Customer Profiles', anyOf: ['customer:view', 'billing:view'], icon: Users },
  { path: '/region-teams', label: 'Region & Teams', anyOf: ['region:manage'], icon: Network },
  { path: '/company-info', label: 'Company Info', anyOf: ['settings:manage'], icon: Building2 },
  { path: '/qbo-setup', label: 'QBO Setup', anyOf: ['integration:qbo'], icon: Cable },
  { path: '/genesys', label: 'Genesys Cloud', anyOf: ['integration:genesys', 'billing:view'], icon: Phone },
  { path: '/access-control', label: 'Access Control', anyOf: ['system:manage-access'], icon: ShieldCheck },
  { path: '/settings', label: 'Settings', anyOf: ['settings:manage'], icon: Settings },
];

/** Page names shown in the header; anything unknown shows "Dashboard" (spec 000 §2). */
export function pageNameFor(pathname: string): string {
  const entry = NAVIGATION.find(
    (item) => item.path !== '/' && (pathname === item.path || pathname.startsWith(`${item.path}/`)),
  );
  return entry?.label ?? 'Dashboard';
}
