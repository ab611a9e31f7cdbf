import { type ComponentType } from 'react';
import {
  CertificatesIcon,
  DashboardIcon,
  EmployeesIcon,
  TasksIcon,
  type IconProps,
} from '@duly/shared';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Paths (React Router patterns) on which this item is the current section. */
  activeOn: string[];
}

/** The side navigation (spec 2): Dashboard, Tasks, Certificates, Employees. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: DashboardIcon, activeOn: ['/', '/dashboard'] },
  { to: '/tasks', label: 'Tasks', icon: TasksIcon, activeOn: ['/tasks/*'] },
  {
    to: '/certificates',
    label: 'Certificates',
    icon: CertificatesIcon,
    activeOn: ['/certificates/*'],
  },
  {
    to: '/employees',
    label: 'Employees',
    icon: EmployeesIcon,
    activeOn: ['/employees/*', '/users/*'],
  },
];
