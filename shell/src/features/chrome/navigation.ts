import { type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import {
  ActivityIcon,
  ApprovalsIcon,
  CertificatesIcon,
  ComplianceIcon,
  DashboardIcon,
  EmployeesIcon,
  TasksIcon,
  type IconProps,
} from '@duly/shared/kit';

/** A section of the side navigation as the app describes it (the remotes' from config.json). */
export interface NavEntry {
  to: string;
  label: string;
  /** An icon by name; see NAV_ICONS. */
  icon: string;
  /**
   * Whether this item is the current section at `pathname`. A remote's section is current
   * where that remote renders the page, not wherever its patterns match: /tasks/dashboard
   * belongs to the team remote although `/tasks/*` matches it.
   */
  isCurrent(pathname: string): boolean;
}

export interface NavItem extends Omit<NavEntry, 'icon'> {
  icon: ComponentType<IconProps>;
}

/** The icons a navigation entry may name; any other name gets the generic one. */
const NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  dashboard: DashboardIcon,
  tasks: TasksIcon,
  certificates: CertificatesIcon,
  employees: EmployeesIcon,
  compliance: ComplianceIcon,
  approvals: ApprovalsIcon,
  activity: ActivityIcon,
};
const GENERIC_ICON = DashboardIcon;

/**
 * Where the Dashboard section is current: the main dashboard, and the two team homes (the
 * manager's /tasks/dashboard and the employee's /employee/dashboard, rendered by remote-team,
 * which has no section of its own): every signed-in page highlights a section.
 */
const DASHBOARD_PATHS = ['/', '/dashboard', '/tasks/dashboard', '/employee/dashboard'];

/** The shell's own section, always first (spec 2: Dashboard, Tasks, Certificates, Employees). */
const DASHBOARD_ENTRY: NavEntry = {
  to: '/dashboard',
  label: 'Dashboard',
  icon: 'dashboard',
  isCurrent: (pathname) => DASHBOARD_PATHS.some((path) => matchPath(path, pathname) !== null),
};

/** Dashboard, then the given sections in their order. */
export function navItems(sections: readonly NavEntry[]): NavItem[] {
  return [DASHBOARD_ENTRY, ...sections].map((entry) => ({
    ...entry,
    icon: NAV_ICONS[entry.icon] ?? GENERIC_ICON,
  }));
}
