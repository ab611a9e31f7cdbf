import { type ComponentType } from 'react';
import {
  CertificatesIcon,
  DashboardIcon,
  EmployeesIcon,
  TasksIcon,
  type IconProps,
} from '@duly/shared';

/** A section of the side navigation as the app describes it (the remotes' from config.json). */
export interface NavEntry {
  to: string;
  label: string;
  /** An icon by name; see NAV_ICONS. */
  icon: string;
  /** Paths (React Router patterns) on which this item is the current section. */
  activeOn: readonly string[];
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
};
const GENERIC_ICON = DashboardIcon;

/** The shell's own section, always first (spec 2: Dashboard, Tasks, Certificates, Employees). */
const DASHBOARD_ENTRY: NavEntry = {
  to: '/dashboard',
  label: 'Dashboard',
  icon: 'dashboard',
  activeOn: ['/', '/dashboard'],
};

/** Dashboard, then the given sections in their order. */
export function navItems(sections: readonly NavEntry[]): NavItem[] {
  return [DASHBOARD_ENTRY, ...sections].map((entry) => ({
    ...entry,
    icon: NAV_ICONS[entry.icon] ?? GENERIC_ICON,
  }));
}
