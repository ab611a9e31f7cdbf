import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { selectCurrentUser, useAppSelector } from '@duly/shared/core';
import { useLiveUpdates } from '../live';
import { useOrganizationName } from '../organization';
import { type NavEntry } from './navigation';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  min-width: 0;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)};

  ${({ theme }) => theme.media.narrow} {
    padding: ${({ theme }) => theme.space(2)};
  }

  /* The top bar is sticky, so a table header sticks just under it instead of behind it (the
     shared Table reads this). Narrow screens need none: tables scroll inside their card there. */
  ${({ theme }) => theme.media.wide} {
    --duly-table-sticky-top: ${({ theme }) => theme.layout.topBarHeight};
  }
`;

const Content = styled.div`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
`;

export interface AppLayoutProps {
  /** The side navigation's sections after Dashboard. */
  navSections: readonly NavEntry[];
  /** Hover or focus of a navigation link: the app preloads the section behind it. */
  onLinkIntent?: (to: string) => void;
}

/** The chrome around every signed-in screen: top bar, side navigation, content area. */
export function AppLayout({ navSections, onLinkIntent }: AppLayoutProps) {
  const user = useAppSelector(selectCurrentUser);
  const organizationName = useOrganizationName();
  // Every open list and dashboard refetches what another person or instance changed.
  useLiveUpdates();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const wasOpen = useRef(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  useEffect(() => {
    // Give focus back to the button that opened the drawer.
    if (wasOpen.current && !drawerOpen) menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  return (
    <Frame>
      {/* While the small-screen drawer is open it is modal: the page behind it is inert,
          out of reach of the mouse, the keyboard and screen readers. */}
      <TopBar
        inert={drawerOpen}
        organizationName={organizationName}
        fullName={user?.full_name ?? null}
        drawerOpen={drawerOpen}
        onMenuClick={() => setDrawerOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      <Body>
        <SideNav
          organizationName={organizationName}
          sections={navSections}
          open={drawerOpen}
          onClose={closeDrawer}
          onLinkIntent={onLinkIntent}
        />
        <Main id="main-content" inert={drawerOpen}>
          <Content>
            <Outlet />
          </Content>
        </Main>
      </Body>
    </Frame>
  );
}
