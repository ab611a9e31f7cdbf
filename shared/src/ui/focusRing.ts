import { css } from 'styled-components';
import { theme } from './theme';

/** The visible keyboard focus of every interactive part of the kit. */
export const focusRing = css`
  &:focus-visible {
    outline: ${`${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${theme.focusRing.offset};
  }
`;
