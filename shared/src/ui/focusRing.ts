import { css } from 'styled-components';

/** The visible keyboard focus of every interactive part of the kit. */
export const focusRing = css`
  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${({ theme }) => theme.focusRing.offset};
  }
`;
