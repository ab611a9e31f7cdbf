import { useNavigate } from 'react-router-dom';
import {
  Avatar,
  DashboardIcon,
  LogoutIcon,
  Menu,
  PersonIcon,
  type MenuEntry,
} from '@duly/shared/kit';
import { initials, selectRole, useAppSelector } from '@duly/shared/core';
import { useAuth } from '../auth';

export interface AvatarMenuProps {
  fullName: string | null;
  organizationName: string | null;
}

/**
 * The avatar at the right of the top bar (spec 2): the organisation name (not
 * clickable), Profile and Logout. Profile opens /profile (issue 14; in the spec it only
 * closed the menu).
 */
export function AvatarMenu({ fullName, organizationName }: AvatarMenuProps) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const role = useAppSelector(selectRole);
  const items: MenuEntry[] = [
    ...(organizationName ? [{ type: 'header' as const, label: organizationName }] : []),
    { label: 'Profile', icon: <PersonIcon size={20} />, onSelect: () => navigate('/profile') },
    // Admin settings: the organisation's settings (issue 26) and webhooks (issue 30).
    ...(role === 'admin'
      ? [
          {
            label: 'Organisation settings',
            icon: <DashboardIcon size={20} />,
            onSelect: () => navigate('/settings/organization'),
          },
          {
            label: 'Webhooks',
            icon: <DashboardIcon size={20} />,
            onSelect: () => navigate('/settings/webhooks'),
          },
        ]
      : []),
    { label: 'Logout', icon: <LogoutIcon size={20} />, onSelect: logout },
  ];
  // The button's name contains the initials it shows (WCAG 2.5.3, label in name), so a voice
  // user can say what they see.
  const letters = initials(fullName);
  const label = letters ? `${letters}, Account menu` : 'Account menu';
  return <Menu label={label} trigger={<Avatar name={fullName} />} items={items} />;
}
