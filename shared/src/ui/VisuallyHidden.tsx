import styled, { css } from 'styled-components';

/** Hidden from the eye, not from a screen reader (what an icon or a layout says to sighted people). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** Text for screen readers only ('Unread: ', 'Select all on this page'). */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
