import { screen } from '@testing-library/react';
import { CellItems } from '../table/CellItems';
import { renderWithTheme } from './renderWithTheme';

describe('CellItems', () => {
  it("lays a cell's badges or buttons side by side and lets them wrap when the column is narrow", () => {
    renderWithTheme(
      <CellItems data-testid="items">
        <span>Active</span>
        <span>Invitation pending</span>
      </CellItems>,
    );
    expect(screen.getByTestId('items')).toHaveStyle({ display: 'inline-flex', flexWrap: 'wrap' });
  });
});
