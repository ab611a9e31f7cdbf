import { type SVGProps } from 'react';

/**
 * Inline SVG icons (Material Design paths, Apache 2.0): no icon font, nothing fetched.
 * Decorative by default (hidden from assistive technology); pass `title` when the icon is the
 * only thing that says what a control does.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in px (24 by default). */
  size?: number;
  /** An accessible name; without it the icon is hidden from screen readers. */
  title?: string;
}

function createIcon(name: string, path: string) {
  function Icon({ size = 24, title, ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="currentColor"
        focusable="false"
        data-icon={name}
        {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        <path d={path} />
      </svg>
    );
  }
  Icon.displayName = `${name.charAt(0).toUpperCase()}${name.slice(1)}Icon`;
  return Icon;
}

export const MenuIcon = createIcon('menu', 'M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z');

export const PersonIcon = createIcon(
  'person',
  'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z',
);

export const DashboardIcon = createIcon(
  'dashboard',
  'M3 13h8V3H3v10zm0 8h8v-6H3v6zm10 0h8V11h-8v10zm0-18v6h8V3h-8z',
);

export const TasksIcon = createIcon(
  'tasks',
  'M19 3h-4.18C14.4 1.84 13.3 1 12 1c-1.3 0-2.4.84-2.82 2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-7 0c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1zm-2 14l-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z',
);

export const CertificatesIcon = createIcon(
  'certificates',
  'M20 2H4c-1.11 0-2 .89-2 2v11c0 1.11.89 2 2 2h4v5l4-2 4 2v-5h4c1.11 0 2-.89 2-2V4c0-1.11-.89-2-2-2zm0 13H4v-2h16v2zm0-5H4V4h16v6z',
);

export const EmployeesIcon = createIcon(
  'employees',
  'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z',
);

/** The compliance matrix (issue 28): a shield with a tick. */
export const ComplianceIcon = createIcon(
  'compliance',
  'M12 1L3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm-2 16l-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z',
);

/** The documents waiting for approval (issue 26): a stamp. */
export const ApprovalsIcon = createIcon(
  'approvals',
  'M4 16v6h16v-6c0-1.1-.9-2-2-2H6c-1.1 0-2 .9-2 2zm14 2H6v-2h12v2zM12 2C9.24 2 7 4.24 7 7l5 7 5-7c0-2.76-2.24-5-5-5zm0 9L9 7c0-1.66 1.34-3 3-3s3 1.34 3 3l-3 4z',
);

/** The activity history (issue 29): a clock turning back. */
export const ActivityIcon = createIcon(
  'activity',
  'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9zm-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8H12z',
);

export const LogoutIcon = createIcon(
  'logout',
  'M17 7l-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4V5z',
);

/** Points down; rotate it with CSS (`transform: rotate(180deg)`) for up. */
export const ChevronDownIcon = createIcon(
  'chevron-down',
  'M16.59 8.59L12 13.17 7.41 8.59 6 10l6 6 6-6z',
);

export const ChevronLeftIcon = createIcon(
  'chevron-left',
  'M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z',
);

export const ChevronRightIcon = createIcon(
  'chevron-right',
  'M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
);

export const CloseIcon = createIcon(
  'close',
  'M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
);

export const ArrowUpwardIcon = createIcon(
  'arrowUpward',
  'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
);

export const ArrowDownwardIcon = createIcon(
  'arrowDownward',
  'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z',
);

export const SearchIcon = createIcon(
  'search',
  'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z',
);

export const NotificationsIcon = createIcon(
  'notifications',
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
);
