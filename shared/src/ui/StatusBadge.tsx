import { type ReactNode } from 'react';
import styled from 'styled-components';
import {
  certificateStatusMeta,
  employeeStatusMeta,
  taskStatusMeta,
  type StatusColor,
  type StatusPalette,
} from '../contract/status';
import { theme } from './theme';

const Pill = styled.span<{ $color: StatusColor }>`
  display: inline-flex;
  align-items: center;
  padding: ${theme.space(0.25, 1.25)};
  border-radius: ${theme.radii.pill};
  background: ${({ $color }) => theme.colors.status[$color].tint};
  color: ${({ theme, $color }) => theme.colors.status[$color].text};
  font-size: ${theme.fontSizes.caption};
  font-weight: ${theme.fontWeights.semibold};
  line-height: 20px;
  white-space: nowrap;
`;

export interface StatusBadgeProps {
  /** From the status metadata: `taskStatusMeta(status).color`. */
  color: StatusColor;
  /** The label (`taskStatusMeta(status).label`): the text, not the colour, carries the meaning. */
  children: ReactNode;
}

/** A rounded pill: the status colour at 12 % behind its label in the same hue. */
export function StatusBadge({ color, children }: StatusBadgeProps) {
  return (
    <Pill $color={color} data-color={color}>
      {children}
    </Pill>
  );
}

export interface KindStatusBadgeProps {
  /** The item's status; any other value reads 'Unknown' in the kind's "other" colour. */
  status: string | null | undefined;
  /** `'team'` on the manager and employee dashboards (spec 4); `'standard'` elsewhere. */
  palette?: StatusPalette;
}

/** A task's status as a pill (spec 4): its label and colour from `taskStatusMeta`. */
export function TaskStatusBadge({ status, palette }: KindStatusBadgeProps) {
  const { label, color } = taskStatusMeta(status, palette);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}

/** A certificate's status as a pill (spec 4): active green, expired red, renewed blue, escalated purple (orange on the dashboards). */
export function CertificateStatusBadge({ status, palette }: KindStatusBadgeProps) {
  const { label, color } = certificateStatusMeta(status, palette);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}

/** A person's status as a pill (spec 4): active green, inactive red, other yellow. */
export function EmployeeStatusBadge({ status }: Pick<KindStatusBadgeProps, 'status'>) {
  const { label, color } = employeeStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
