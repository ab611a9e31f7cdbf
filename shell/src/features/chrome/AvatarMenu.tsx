import { Avatar, LogoutIcon, Menu, PersonIcon, type MenuEntry } from '@duly/shared';
import { useAuth } from '../auth';

export interface AvatarMenuProps {
  fullName: string | null;
  organizationName: string | null;
}

/**
 * The avatar at the right of the top bar (spec 2): the organisation name (not
 * clickable), Profile (only closes the menu) and Logout.
 */
export function AvatarMenu({ fullName, organizationName }: AvatarMenuProps) {
  const { logout } = useAuth();
  const items: MenuEntry[] = [
    ...(organizationName ? [{ type: 'header' as const, label: organizationName }] : []),
    // There is no profile screen (spec 2): choosing Profile only closes the menu.
    { label: 'Profile', icon: <PersonIcon size={20} />, onSelect: () => {} },
    { label: 'Logout', icon: <LogoutIcon size={20} />, onSelect: logout },
  ];
  return <Menu label="Account menu" trigger={<Avatar name={fullName} />} items={items} />;
}
