import styled from 'styled-components';
import { theme } from '../theme';

/**
 * The badges or buttons of one table cell side by side, one under the other when the column is
 * narrower than them: a second button never pushes the table out of its card (issue 33 item 6).
 */
export const CellItems = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(0.5, 1)};
`;
