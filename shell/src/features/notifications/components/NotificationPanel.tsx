import { forwardRef, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, theme } from '@duly/shared/kit';
import { PAGE_SIZE_MAX, type AppNotification } from '@duly/shared/core';
import {
  useNotificationsListQuery,
  useNotificationsMarkAllReadMutation,
  useNotificationsMarkMutation,
} from '../api';
import { NotificationItem } from './NotificationItem';

/** Notices shown at first, and how many more each "Show more" adds. */
export const PANEL_PAGE_SIZE = 20;

export const PANEL_TEXTS = {
  heading: 'Notifications',
  markAll: 'Mark all as read',
  loading: 'Loading notifications…',
  failed: 'Could not load your notifications.',
  retry: 'Retry',
  empty: 'You have no notifications.',
  more: 'Show more',
  markFailed: 'Could not mark the notification as read.',
} as const;

const Panel = styled.section`
  position: absolute;
  top: calc(100% + ${theme.space(1)});
  right: 0;
  z-index: ${theme.zIndices.menu};
  display: flex;
  flex-direction: column;
  width: 380px;
  max-height: min(560px, calc(100vh - 88px));
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.menu};
  outline: none;

  /* Small screens: the full width under the top bar, whatever the bell's position. */
  ${theme.media.narrow} {
    position: fixed;
    top: calc(${theme.layout.topBarHeight} + ${theme.space(0.5)});
    left: ${theme.space(1)};
    right: ${theme.space(1)};
    width: auto;
    max-height: calc(100vh - ${theme.layout.topBarHeight} - 16px);
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(1)};
  padding: ${theme.space(1.5, 2)};
  border-bottom: 1px solid ${theme.colors.divider};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
`;

const Scroll = styled.div<{ $dimmed: boolean }>`
  overflow-y: auto;
  opacity: ${({ $dimmed }) => ($dimmed ? 0.6 : 1)};
  transition: opacity ${theme.transitions.fast};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const State = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(1)};
  padding: ${theme.space(4, 2)};
  color: ${theme.colors.textSecondary};
  text-align: center;
`;

const Footer = styled.div`
  display: flex;
  justify-content: center;
  padding: ${theme.space(1)};
  border-top: 1px solid ${theme.colors.divider};
`;

export interface NotificationPanelProps {
  id: string;
  /** A notice's link was followed: the panel closes (focus goes with the page). */
  onNavigate: () => void;
}

/**
 * The bell's panel: the person's notices, newest first, each with a link to its item; one
 * or all marked read. A non-modal dialog: focus moves into it when it opens, Escape closes
 * it (NotificationBell).
 */
export const NotificationPanel = forwardRef<HTMLElement, NotificationPanelProps>(
  function NotificationPanel({ id, onNavigate }, ref) {
    const headingId = useId();
    const [limit, setLimit] = useState(PANEL_PAGE_SIZE);
    const { data, isLoading, isError, isFetching, refetch } = useNotificationsListQuery({ limit });
    const [mark, { isLoading: marking, isError: markFailed }] = useNotificationsMarkMutation();
    const [markAll, { isLoading: markingAll }] = useNotificationsMarkAllReadMutation();

    const items = data?.items ?? [];
    const hasUnread = items.some((notice) => notice.read_at === null);

    const markRead = (notice: AppNotification) => {
      // Fire and forget: the list and the count refresh through the Notification tag.
      void mark({ id: notice.id, read: true });
    };

    const follow = (notice: AppNotification) => {
      if (notice.read_at === null) markRead(notice);
      onNavigate();
    };

    let content;
    if (isLoading) {
      content = <State role="status">{PANEL_TEXTS.loading}</State>;
    } else if (isError && !data) {
      content = (
        <State role="alert">
          {PANEL_TEXTS.failed}
          <Button variant="secondary" size="small" onClick={() => void refetch()}>
            {PANEL_TEXTS.retry}
          </Button>
        </State>
      );
    } else if (items.length === 0) {
      content = <State>{PANEL_TEXTS.empty}</State>;
    } else {
      content = (
        <List aria-labelledby={headingId}>
          {items.map((notice) => (
            <NotificationItem
              key={notice.id}
              notice={notice}
              onFollow={follow}
              onMarkRead={markRead}
              marking={marking}
            />
          ))}
        </List>
      );
    }

    return (
      <Panel ref={ref} id={id} role="dialog" aria-labelledby={headingId} tabIndex={-1}>
        <Header>
          <Heading id={headingId}>{PANEL_TEXTS.heading}</Heading>
          <Button
            variant="text"
            size="small"
            disabled={!hasUnread || markingAll}
            onClick={async (event) => {
              // The button turns disabled once nothing is unread, which drops focus: keep it
              // in the panel.
              const panel = event.currentTarget.closest<HTMLElement>('[role="dialog"]');
              await markAll();
              panel?.focus();
            }}
          >
            {PANEL_TEXTS.markAll}
          </Button>
        </Header>
        <Scroll $dimmed={isFetching && !isLoading} aria-busy={isFetching}>
          {markFailed ? <State role="alert">{PANEL_TEXTS.markFailed}</State> : null}
          {content}
        </Scroll>
        {data && data.total > items.length && limit < PAGE_SIZE_MAX ? (
          <Footer>
            <Button
              variant="text"
              size="small"
              onClick={() => setLimit((shown) => Math.min(shown + PANEL_PAGE_SIZE, PAGE_SIZE_MAX))}
            >
              {PANEL_TEXTS.more}
            </Button>
          </Footer>
        ) : null}
      </Panel>
    );
  },
);
