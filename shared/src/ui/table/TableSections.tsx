import styled from 'styled-components';

export const TableHead = styled.thead``;

export const TableBody = styled.tbody`
  /* No line under the last row: the card's edge ends the table. */
  & > tr:last-child > td {
    border-bottom: none;
  }
`;
