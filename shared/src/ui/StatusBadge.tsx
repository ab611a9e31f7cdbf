import { type ReactNode } from 'react';
import styled from 'styled-components';
import { type StatusColor } from '../contract/status';
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
