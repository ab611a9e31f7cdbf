import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import { NotificationsIcon, theme } from '@duly/shared/kit';
import { useAppDispatch } from '@duly/shared/core';
import { useAfterFirstPaint } from '../first-paint';
import { useNotificationsUnreadCountQuery } from './api';
import { bellLabel, unreadBadgeText } from './kinds';
import { useRefreshOnFocus } from './useRefreshOnFocus';

/**
 * The panel, loaded on the first sign of wanting it (the pointer over the bell, focus, a press)
 * rather than with the chrome: a signed-in page downloads only the bell (issue 32).
 */
const loadPanel = () =>
  import(/* webpackChunkName: "notification-panel" */ './components/NotificationPanel');
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/** How often the count is asked for while the page is in front (ARCHITECTURE 7: the job runs every minute). */
export const UNREAD_POLL_MS = 60_000;

const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

const BellButton = styled.button`
  position: relative;
  display: inline-flex;
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

  &:hover,
  &[aria-expanded='true'] {
    background: rgba(255, 255, 255, 0.12);
  }

  &:focus-visible {
    outline: ${theme.focusRing.width} solid currentColor;
    outline-offset: -${theme.focusRing.width};
  }
`;

/** The count on the bell (hidden from screen readers: the button's name says it). */
const Badge = styled.span`
  position: absolute;
  top: 6px;
  /* Anchored by its left edge where a one-digit badge always sat (48 - 4 - 18), so more
     digits grow to the right, away from the bell, instead of over it (issue 33). */
  left: 26px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${theme.colors.error};
  color: ${theme.colors.onError};
  font-size: 11px;
  font-weight: ${theme.fontWeights.semibold};
  line-height: 18px;
  text-align: center;
  box-shadow: 0 0 0 2px ${theme.colors.primary};
`;

/**
 * The bell in the top bar: the unread count, asked for every minute and whenever the person
 * comes back to the window, and a panel of their notices. Escape or a press outside closes
 * the panel; Escape gives focus back to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus moves into the panel as it appears (once its module is in), so a screen reader
  // announces it.
  const focusPanel = useCallback((panel: HTMLElement | null) => panel?.focus(), []);
  const panelId = useId();
  const dispatch = useAppDispatch();
  // RTK Query learns whether the page is in front (skipPollingIfUnfocused) from these
  // listeners; no query of the base API refetches on focus unless it asks to.
  useEffect(() => setupListeners(dispatch), [dispatch]);
  // Asked once the screen's first frame is painted: the badge is not part of it (issue 32).
  const painted = useAfterFirstPaint();
  const { data: count = 0 } = useNotificationsUnreadCountQuery(undefined, {
    pollingInterval: UNREAD_POLL_MS,
    skipPollingIfUnfocused: true,
    skip: !painted,
  });
  useRefreshOnFocus();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // A press anywhere outside the bell and its panel closes the panel.
  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  // Escape closes it wherever focus is: a button that just turned disabled (Mark all as
  // read) leaves focus on the page's body, outside the panel.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <Root
      ref={rootRef}
      // Tabbing out of the panel closes it, as if it had not been there.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <BellButton
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <NotificationsIcon />
        {count > 0 ? <Badge aria-hidden>{unreadBadgeText(count)}</Badge> : null}
      </BellButton>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel ref={focusPanel} id={panelId} onNavigate={() => close(false)} />
        </Suspense>
      ) : null}
    </Root>
  );
}
