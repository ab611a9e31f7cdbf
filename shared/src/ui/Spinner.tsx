import styled, { keyframes } from 'styled-components';
import { theme } from './theme';

const rotate = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

const dash = keyframes`
  0% {
    stroke-dasharray: 1 150;
    stroke-dashoffset: 0;
  }
  50% {
    stroke-dasharray: 90 150;
    stroke-dashoffset: -35;
  }
  100% {
    stroke-dasharray: 90 150;
    stroke-dashoffset: -124;
  }
`;

const Svg = styled.svg`
  display: inline-block;
  flex-shrink: 0;
  color: ${theme.colors.primary};
  animation: ${rotate} 1.4s linear infinite;

  circle {
    stroke: currentColor;
    stroke-linecap: round;
    animation: ${dash} 1.4s ease-in-out infinite;
  }
`;

export interface SpinnerProps {
  /** Diameter in px (24 by default). */
  size?: number;
  /** Accessible name of the progress indicator. */
  label?: string;
  /** Hide it from assistive technology when a visible text next to it already says it. */
  decorative?: boolean;
}

/** An indeterminate circular progress indicator (`role="progressbar"`, named "Loading..."). */
export function Spinner({ size = 24, label = 'Loading...', decorative = false }: SpinnerProps) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'progressbar', 'aria-label': label, 'aria-busy': true };
  return (
    <Svg viewBox="0 0 50 50" width={size} height={size} focusable="false" {...a11y}>
      <circle cx="25" cy="25" r="20" fill="none" strokeWidth="5" />
    </Svg>
  );
}
