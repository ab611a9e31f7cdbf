import styled from 'styled-components';
import { theme } from '../theme';

/**
 * A screen's filter fields in one row that wraps, bottoms aligned (a label above one field
 * never lifts the others): the FilterBar's row, and any screen's own filters
 * (`styled(FilterRow)` sizes its fields).
 */
export const FilterRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space(2)};
  margin-bottom: ${theme.space(2)};
`;
