import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, theme } from '@duly/shared/kit';

const CardRoot = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  min-width: 0;
  padding: ${theme.space(3)};
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.card};
`;

const Label = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.body};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textSecondary};
`;

const Count = styled.p<{ $alert: boolean }>`
  margin: 0;
  font-size: ${theme.fontSizes.count};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
  color: ${({ theme, $alert }) => ($alert ? theme.colors.status.red.text : theme.colors.text)};
`;

const Note = styled.p`
  margin: 0;
  color: ${theme.colors.textSecondary};
`;

const Footer = styled.div`
  margin-top: auto;
  padding-top: ${theme.space(1)};
`;

const CardLink = styled(Link)`
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.primary};
  text-decoration: none;
  border-radius: 2px;

  &:hover {
    text-decoration: underline;
  }
  ${focusRing}
`;

export interface StatCardProps {
  label: string;
  /** The figure shown large: a count, or a text such as "87%". */
  count: number | string;
  /** A sentence under the count ("2 overdue tasks"). */
  note?: ReactNode;
  /** Draw the count in red (something needs attention). */
  alert?: boolean;
  link?: { to: string; text: string };
  /** A second, linked line under the note (the certificates in their reminder window). */
  more?: { to: string; text: string };
  /** Called when the link is hovered or focused: the app preloads the screen behind it. */
  onLinkIntent?: (to: string) => void;
}

/** One dashboard card: the label above, the count large, an optional note and link. */
export function StatCard({
  label,
  count,
  note,
  alert = false,
  link,
  more,
  onLinkIntent,
}: StatCardProps) {
  const labelId = `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;
  const intentFor = (to: string) => (onLinkIntent ? () => onLinkIntent(to) : undefined);
  const intent = link && intentFor(link.to);
  return (
    <CardRoot aria-labelledby={labelId}>
      <Label id={labelId}>{label}</Label>
      <Count $alert={alert}>{count}</Count>
      {note ? <Note>{note}</Note> : null}
      {more ? (
        <Note>
          <CardLink to={more.to} onMouseEnter={intentFor(more.to)} onFocus={intentFor(more.to)}>
            {more.text}
          </CardLink>
        </Note>
      ) : null}
      {link ? (
        <Footer>
          <CardLink to={link.to} onMouseEnter={intent} onFocus={intent}>
            {link.text}
          </CardLink>
        </Footer>
      ) : null}
    </CardRoot>
  );
}
