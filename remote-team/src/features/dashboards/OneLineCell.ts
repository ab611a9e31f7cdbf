import styled from 'styled-components';
import { TableCell } from '@duly/shared';

/** Dates, badges and buttons never wrap; the name column wraps and the table scrolls sideways. */
export const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;
