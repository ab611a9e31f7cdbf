import { type Ref } from 'react';
import styled from 'styled-components';
import { MenuIcon, focusRing, theme } from '@duly/shared/kit';
import { NotificationBell } from '../notifications';
import { AvatarMenu } from './AvatarMenu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.appBar};
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  height: ${theme.layout.topBarHeight};
  padding: ${theme.space(0, 3)};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2);

  ${theme.media.narrow} {
    gap: ${theme.space(1)};
    padding: ${theme.space(0, 1, 0, 0.5)};
  }
`;

const IconButton = styled.button`
  display: none;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.round};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  ${focusRing}
  &:focus-visible {
    outline-color: ${theme.colors.onPrimary};
  }

  ${theme.media.narrow} {
    display: inline-flex;
  }
`;

const ProductName = styled.span`
  flex-shrink: 0;
  font-size: 20px;
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.01em;
`;

const OrganizationName = styled.span`
  min-width: 0;
  overflow: hidden;
  padding-left: ${theme.space(2)};
  border-left: 1px solid rgba(255, 255, 255, 0.4);
  font-size: 15px;
  white-space: nowrap;
  text-overflow: ellipsis;

  ${theme.media.narrow} {
    padding-left: ${theme.space(1)};
  }
`;

const Spacer = styled.span`
  flex: 1;
`;

export interface TopBarProps {
  organizationName: string | null;
  fullName: string | null;
  drawerOpen: boolean;
  onMenuClick: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
  /** Out of reach while a modal (the small-screen drawer) is open. */
  inert?: boolean;
}

/**
 * The top bar (spec 2): menu button on small screens, "Duly", the organisation, then the
 * notification bell (issue 15) and the avatar.
 */
export function TopBar({
  organizationName,
  fullName,
  drawerOpen,
  onMenuClick,
  menuButtonRef,
  inert,
}: TopBarProps) {
  return (
    <Bar inert={inert}>
      <IconButton
        ref={menuButtonRef}
        type="button"
        aria-label="Open navigation"
        aria-controls="side-navigation"
        aria-expanded={drawerOpen}
        onClick={onMenuClick}
      >
        <MenuIcon />
      </IconButton>
      <ProductName>Duly</ProductName>
      {organizationName ? (
        <OrganizationName data-testid="top-bar-organization">{organizationName}</OrganizationName>
      ) : null}
      <Spacer />
      <NotificationBell />
      <AvatarMenu fullName={fullName} organizationName={organizationName} />
    </Bar>
  );
}
