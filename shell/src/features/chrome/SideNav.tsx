import { useEffect, useMemo, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, theme } from '@duly/shared/kit';
import { navItems, type NavEntry } from './navigation';

/* The box that is the permanent column on wide screens and the drawer on small ones; the
   navigation landmark sits inside it, so the open drawer can be a modal dialog around it. */
const Panel = styled.div<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  width: ${theme.layout.sideNavWidth};
  flex-shrink: 0;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.divider};

  ${theme.media.wide} {
    position: sticky;
    top: ${theme.layout.topBarHeight};
    height: calc(100vh - ${theme.layout.topBarHeight});
    overflow-y: auto;
  }

  /* Small screens: a temporary drawer over the content, hidden (also from
     assistive technology and the tab order) until opened. */
  ${theme.media.narrow} {
    position: fixed;
    top: 0;
    bottom: 0;
    left: 0;
    z-index: ${theme.zIndices.drawer};
    box-shadow: ${theme.shadows.dialog};
    /* Opening: visible at once (a transitioned visibility stays hidden on the first frame,
       where focus cannot move into the drawer). Closing: hidden once it has slid out. */
    transition: ${({ theme, $open }) =>
      $open
        ? `transform ${theme.transitions.normal}`
        : `transform ${theme.transitions.normal}, visibility ${theme.transitions.normal}`};
    transform: ${({ $open }) => ($open ? 'none' : 'translateX(-100%)')};
    visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  }
`;

const Backdrop = styled.div`
  display: none;

  ${theme.media.narrow} {
    display: block;
    position: fixed;
    inset: 0;
    z-index: ${theme.zIndices.drawer - 1};
    background: ${theme.colors.backdrop};
  }
`;

const Navigation = styled.nav`
  display: flex;
  flex-direction: column;
`;

const Heading = styled.h2`
  display: flex;
  align-items: center;
  min-height: ${theme.layout.topBarHeight};
  margin: 0;
  padding: ${theme.space(1, 3)};
  border-bottom: 1px solid ${theme.colors.divider};
  font-size: 16px;
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Items = styled.ul`
  margin: 0;
  padding: ${theme.space(1)};
  list-style: none;
`;

const ItemLink = styled(Link)<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  margin-bottom: 2px;
  padding: ${theme.space(0, 2)};
  border-radius: ${theme.radii.control};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryText : theme.colors.text)};
  background-color: ${({ theme, $active }) => ($active ? theme.colors.primaryTint : 'transparent')};
  font-weight: ${({ theme, $active }) =>
    $active ? theme.fontWeights.semibold : theme.fontWeights.medium};
  text-decoration: none;

  svg {
    color: ${({ theme, $active }) =>
      $active ? theme.colors.primaryText : theme.colors.textSecondary};
  }
  &:hover {
    background: ${({ theme, $active }) => ($active ? theme.colors.primaryTint : theme.colors.hover)};
  }
  ${focusRing}
  &:focus-visible {
    outline-offset: -2px;
  }
`;

export interface SideNavProps {
  organizationName: string | null;
  /** The sections after Dashboard (the remotes', from config.json). */
  sections: readonly NavEntry[];
  /** Small screens: whether the drawer is open. */
  open: boolean;
  onClose: () => void;
  /** Hover or focus of a link: the app preloads the section behind it. */
  onLinkIntent?: (to: string) => void;
}

/**
 * The side navigation (spec 2), headed by the organisation name. 240 px and
 * permanent on wide screens; below 900 px a modal drawer (Tab stays inside) that
 * closes on Escape, on the backdrop, after choosing a section and when the window
 * widens. The open drawer is a modal dialog for assistive technology too (the layout
 * makes the rest of the page inert meanwhile).
 */
export function SideNav({ organizationName, sections, open, onClose, onLinkIntent }: SideNavProps) {
  const { pathname } = useLocation();
  const items = useMemo(() => navItems(sections), [sections]);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLinkRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    // Widening the window turns the drawer into the permanent navigation: nothing to close then.
    const wide = window.matchMedia?.(`(min-width: ${theme.breakpoints.narrow}px)`);
    wide?.addEventListener('change', onClose);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      wide?.removeEventListener('change', onClose);
    };
  }, [open, onClose]);

  /** The open drawer is modal: Tab and Shift+Tab cycle through its links, not the page behind. */
  const keepFocusInside = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (!open || event.key !== 'Tab') return;
    const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href]'));
    const first = links[0];
    const last = links[links.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // One current section: where two match (Employees and its Activity page), the closer one.
  const currentTo = items
    .filter((item) => item.isCurrent(pathname))
    .map((item) => item.to)
    .sort((a, b) => b.length - a.length)[0];

  return (
    <>
      {open ? <Backdrop data-testid="drawer-backdrop" onClick={onClose} /> : null}
      <Panel
        id="side-navigation"
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? 'Main navigation' : undefined}
        $open={open}
        onKeyDown={keepFocusInside}
      >
        <Navigation aria-label="Main navigation">
          <Heading>{organizationName ?? '\u00a0'}</Heading>
          <Items>
            {items.map(({ to, label, icon: Icon }, index) => {
              const active = to === currentTo;
              const intent = onLinkIntent ? () => onLinkIntent(to) : undefined;
              return (
                <li key={to}>
                  <ItemLink
                    ref={index === 0 ? firstLinkRef : undefined}
                    to={to}
                    $active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onClose}
                    onMouseEnter={intent}
                    onFocus={intent}
                  >
                    <Icon size={22} />
                    {label}
                  </ItemLink>
                </li>
              );
            })}
          </Items>
        </Navigation>
      </Panel>
    </>
  );
}
