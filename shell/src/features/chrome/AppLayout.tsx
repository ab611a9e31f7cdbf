import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { selectCurrentUser, useAppSelector } from '@duly/shared/core';
import { focusRing, theme } from '@duly/shared/kit';
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
  padding: ${theme.space(3)};

  /* Focused by the skip link only, to start the keyboard there: no ring around the page. */
  &:focus {
    outline: none;
  }

  ${theme.media.narrow} {
    padding: ${theme.space(2)};
  }

  /* The top bar is sticky, so a table header sticks just under it instead of behind it (the
     shared Table reads this). Narrow screens need none: tables scroll inside their card there. */
  ${theme.media.wide} {
    --duly-table-sticky-top: ${theme.layout.topBarHeight};
  }
`;

/**
 * The first stop of the keyboard on every signed-in page: "Skip to main content", out of sight
 * until focused, then over the top bar's left corner; it moves focus to the page's content.
 */
const SkipLink = styled.a`
  position: absolute;
  top: ${theme.space(1)};
  left: ${theme.space(1)};
  z-index: 1400;
  padding: ${theme.space(1, 2)};
  color: ${theme.colors.primary};
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.control};
  font-weight: ${theme.fontWeights.medium};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
  ${focusRing}
`;

const Content = styled.div`
  max-width: ${theme.layout.contentMaxWidth};
  margin: 0 auto;
`;

export interface AppLayoutProps {
  /** The side navigation's sections after Dashboard. */
  navSections: readonly NavEntry[];
  /** Hover or focus of a navigation link: the app preloads the section behind it. */
  onLinkIntent?: (to: string) => void;
}

/** The chrome around every signed-in screen: top bar, side navigation, content area. */
/**
 * The organisation's activity (issue 29), for admins: a page of remote-employees
 * (/employees/activity), listed after the remotes' sections.
 */
const ACTIVITY_ENTRY: NavEntry = {
  to: '/employees/activity',
  label: 'Activity',
  icon: 'activity',
  isCurrent: (pathname) => pathname === '/employees/activity',
};

/**
 * The compliance matrix (issue 28), for admins and managers: a page of remote-certificates
 * (/compliance), listed after the remotes' sections.
 */
const COMPLIANCE_ENTRY: NavEntry = {
  to: '/compliance',
  label: 'Compliance',
  icon: 'compliance',
  isCurrent: (pathname) => pathname === '/compliance' || pathname === '/certificate-types',
};

/**
 * The queue of employees' documents to approve (issue 26), for admins and managers: a page of
 * remote-team (/team/documents), listed after the remotes' sections.
 */
const APPROVALS_ENTRY: NavEntry = {
  to: '/team/documents',
  label: 'Approvals',
  icon: 'approvals',
  isCurrent: (pathname) => pathname === '/team/documents',
};

/** The role's own pages, after the remotes' sections. */
function ownEntriesFor(role: string | undefined): NavEntry[] {
  if (role === 'admin') return [COMPLIANCE_ENTRY, APPROVALS_ENTRY, ACTIVITY_ENTRY];
  if (role === 'manager') return [COMPLIANCE_ENTRY, APPROVALS_ENTRY];
  return [];
}

/**
 * The sections after Dashboard for a role: the remotes', then the role's own pages. A remote's
 * section is not current on a page that has its own entry (remote-certificates renders
 * /compliance, yet that is Compliance, not Certificates).
 */
function sectionsFor(role: string | undefined, navSections: readonly NavEntry[]): NavEntry[] {
  const own = ownEntriesFor(role);
  const remotes = navSections.map((section) => ({
    ...section,
    isCurrent: (pathname: string) =>
      section.isCurrent(pathname) && !own.some((entry) => entry.isCurrent(pathname)),
  }));
  return [...remotes, ...own];
}

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
      <SkipLink
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to main content
      </SkipLink>
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
          sections={sectionsFor(user?.role, navSections)}
          open={drawerOpen}
          onClose={closeDrawer}
          onLinkIntent={onLinkIntent}
        />
        <Main id="main-content" tabIndex={-1} inert={drawerOpen}>
          <Content>
            <Outlet />
          </Content>
        </Main>
      </Body>
    </Frame>
  );
}
