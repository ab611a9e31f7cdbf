import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { ComplianceMatrix } from '@duly/shared/core';
import { complianceCellLink } from '../links';
import { ComplianceCell } from './ComplianceCell';
import { theme } from '@duly/shared/kit';

const Scroller = styled.div`
  overflow: auto;
  max-height: 70vh;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.card};
`;

const Grid = styled.table`
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${theme.fontSizes.body};

  th,
  td {
    padding: ${theme.space(0.5)};
    border-bottom: 1px solid ${theme.colors.divider};
    background: ${theme.colors.surface};
    text-align: left;
    vertical-align: top;
  }

  /* Sticky headers: the type names on top, the people on the left, totals at the bottom. */
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    font-weight: ${theme.fontWeights.semibold};
  }
  tbody th,
  tfoot th {
    position: sticky;
    left: 0;
    z-index: 1;
    min-width: 180px;
  }
  thead th:first-child {
    left: 0;
    z-index: 3;
  }
  tfoot th,
  tfoot td {
    position: sticky;
    bottom: 0;
    font-weight: ${theme.fontWeights.semibold};
  }
  tfoot th {
    z-index: 3;
  }
`;

const Secondary = styled.span`
  display: block;
  font-size: 12px;
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.textSecondary};
`;

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export interface ComplianceGridProps {
  matrix: ComplianceMatrix;
}

/**
 * The matrix as a grid (WAI-ARIA grid pattern): one tab stop, the arrow keys move between
 * cells, Home/End to a row's ends, Enter follows the cell's link.
 */
export function ComplianceGrid({ matrix }: ComplianceGridProps) {
  const gridRef = useRef<HTMLTableElement>(null);
  const totals = new Map(matrix.totals.by_type.map((total) => [total.type_id, total]));

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const current = (event.target as HTMLElement).closest('[data-cell]');
    if (!current || !gridRef.current) return;
    const cells = [...gridRef.current.querySelectorAll<HTMLElement>('[data-cell]')];
    const columns = matrix.types.length;
    const index = cells.indexOf(current as HTMLElement);
    let next = index;
    if (event.key in MOVES) {
      const [rows, cols] = MOVES[event.key];
      next = index + rows * columns + cols;
      if (cols !== 0 && Math.floor(next / columns) !== Math.floor(index / columns)) return;
    } else if (event.key === 'Home') next = index - (index % columns);
    else if (event.key === 'End') next = index - (index % columns) + columns - 1;
    else return;
    if (next < 0 || next >= cells.length) return;
    event.preventDefault();
    cells[index].tabIndex = -1;
    cells[next].tabIndex = 0;
    cells[next].focus();
  };

  return (
    <Scroller>
      <Grid role="grid" aria-label="Compliance matrix" ref={gridRef} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            <th scope="col">Person</th>
            {matrix.types.map((type) => (
              <th key={type.id} scope="col">
                {type.name}
              </th>
            ))}
            <th scope="col">Compliant</th>
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row, r) => {
            const name = row.employee.full_name ?? 'Unnamed';
            return (
              <tr key={row.employee.id}>
                <th scope="row">
                  {name}
                  <Secondary>{row.employee.department ?? 'No department'}</Secondary>
                </th>
                {row.cells.map((cell, c) => {
                  const type = matrix.types[c];
                  return (
                    <td key={cell.type_id}>
                      <ComplianceCell
                        cell={cell}
                        to={complianceCellLink(cell, row.employee.id)}
                        personName={name}
                        typeName={type.name}
                        tabIndex={r === 0 && c === 0 ? 0 : -1}
                      />
                    </td>
                  );
                })}
                <td>
                  {row.compliant_percent}%
                  <Secondary>
                    {row.gaps} {row.gaps === 1 ? 'gap' : 'gaps'}
                  </Secondary>
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All people</th>
            {matrix.types.map((type) => {
              const total = totals.get(type.id);
              return (
                <td key={type.id} data-testid={`total-${type.id}`}>
                  {total?.compliant_percent ?? 100}%
                  <Secondary>
                    {total?.compliant ?? 0} of {total?.required ?? 0}
                  </Secondary>
                </td>
              );
            })}
            <td>
              {matrix.totals.organization_percent}%
              <Secondary>
                {matrix.totals.gaps} {matrix.totals.gaps === 1 ? 'gap' : 'gaps'}
              </Secondary>
            </td>
          </tr>
        </tfoot>
      </Grid>
    </Scroller>
  );
}
