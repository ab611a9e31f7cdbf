import styled from 'styled-components';
import { TableCell } from './TableCell';

/**
 * A body cell that never wraps: a date split over two lines ("Dec 21, 2026" / "17:30"), a badge
 * or an address pushed onto two lines reads badly. A list's one free-text column (a title, a
 * name) wraps instead, and on small screens the table scrolls sideways.
 */
export const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;
