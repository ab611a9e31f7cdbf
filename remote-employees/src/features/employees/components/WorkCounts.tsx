import styled from 'styled-components';
import type { WorkCounts as Counts } from '../workSummary';
import { theme } from '@duly/shared/kit';

const List = styled.ul`
  display: grid;
  /* Three side by side down to a phone's width (390 px). */
  grid-template-columns: repeat(auto-fit, minmax(100px, 1fr));
  gap: ${theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $alert: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(0.5)};
  padding: ${theme.space(2)};
  border-radius: ${theme.radii.card};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.card};
  border-left: 4px solid
    ${({ theme, $alert }) => ($alert ? theme.colors.status.red.main : theme.colors.divider)};
`;

const Figure = styled.span`
  font-size: ${theme.fontSizes.count};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

const Caption = styled.span`
  color: ${theme.colors.textSecondary};
`;

/** The person's open and overdue tasks and expiring certificates, as three figures. */
export function WorkCounts({ counts }: { counts: Counts }) {
  const items = [
    { label: 'Open tasks', value: counts.openTasks, alert: false },
    { label: 'Overdue tasks', value: counts.overdueTasks, alert: counts.overdueTasks > 0 },
    {
      label: 'Expiring certificates',
      value: counts.expiringCertificates,
      alert: counts.expiringCertificates > 0,
    },
  ];
  return (
    <List aria-label="Work summary">
      {items.map((item) => (
        <Item key={item.label} $alert={item.alert}>
          <Figure>{item.value}</Figure>
          <Caption>{item.label}</Caption>
        </Item>
      ))}
    </List>
  );
}
