import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, focusRing, theme, VisuallyHidden } from '@duly/shared/kit';
import { type AppNotification } from '@duly/shared/core';
import { NOTICE_TITLES, noticeItemDate, noticeLink, noticeTime } from '../noticeText';

const Row = styled.li<{ $unread: boolean }>`
  display: flex;
  gap: ${theme.space(1.5)};
  align-items: flex-start;
  padding: ${theme.space(1.5, 2)};
  border-bottom: 1px solid ${theme.colors.divider};
  /* Unread: an accent at the left edge. No tinted background: the grey captions must keep
     4.5:1, which they only reach on white. */
  box-shadow: ${({ theme, $unread }) => ($unread ? `inset 3px 0 0 ${theme.colors.primary}` : 'none')};

  &:last-child {
    border-bottom: 0;
  }
`;

/** The unread mark; the words "Unread" say the same to a screen reader. */
const Dot = styled.span<{ $unread: boolean }>`
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  margin-top: 6px;
  border-radius: ${theme.radii.round};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primary : 'transparent')};
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Kind = styled.span<{ $unread: boolean }>`
  font-size: ${theme.fontSizes.caption};
  font-weight: ${({ theme, $unread }) =>
    $unread ? theme.fontWeights.semibold : theme.fontWeights.regular};
  color: ${theme.colors.textSecondary};

  /* On a narrow panel the time wraps as a whole, never in the middle. */
  & > time {
    white-space: nowrap;
  }
`;

const ItemLink = styled(Link)`
  color: ${theme.colors.primaryText};
  font-weight: ${theme.fontWeights.medium};
  overflow-wrap: anywhere;
  text-decoration: none;
  border-radius: 2px;

  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

const Meta = styled.span`
  font-size: ${theme.fontSizes.caption};
  color: ${theme.colors.textSecondary};
`;

const MarkButton = styled(Button)`
  flex-shrink: 0;
  &:hover {
    background: ${theme.colors.primarySelected};
  }
`;

export interface NotificationItemProps {
  notice: AppNotification;
  /** The item's link was followed: the notice is read and the panel closes. */
  onFollow: (notice: AppNotification) => void;
  onMarkRead: (notice: AppNotification) => void;
  marking: boolean;
}

/** One notice: what happened, to which item (a link to its page), and when. */
export function NotificationItem({ notice, onFollow, onMarkRead, marking }: NotificationItemProps) {
  const unread = notice.read_at === null;
  return (
    <Row $unread={unread}>
      <Dot $unread={unread} aria-hidden />
      <Body>
        <Kind $unread={unread}>
          {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
          {NOTICE_TITLES[notice.kind] ?? 'Notice'} ·{' '}
          <time dateTime={notice.created_at}>{noticeTime(notice)}</time>
        </Kind>
        <ItemLink to={noticeLink(notice)} onClick={() => onFollow(notice)}>
          {notice.item_title}
        </ItemLink>
        <Meta>{noticeItemDate(notice)}</Meta>
      </Body>
      {unread ? (
        <MarkButton
          variant="text"
          size="small"
          disabled={marking}
          aria-label={`Mark as read: ${notice.item_title}`}
          onClick={() => onMarkRead(notice)}
        >
          Mark as read
        </MarkButton>
      ) : null}
    </Row>
  );
}
