import { Avatar } from '@duly/shared';

export interface AvatarMenuProps {
  fullName: string | null;
  organizationName: string | null;
}

// Placeholder until the kit's Menu lands.
export function AvatarMenu({ fullName }: AvatarMenuProps) {
  return <Avatar name={fullName} />;
}
