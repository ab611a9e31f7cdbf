import { screen } from '@testing-library/react';
import { StatusBadge } from '../StatusBadge';
import { alpha, themeValues } from '../theme';
import { renderWithTheme } from './renderWithTheme';

describe('StatusBadge', () => {
  it('shows its label in the status colour over a 12 % tint of it', () => {
    renderWithTheme(<StatusBadge color="green">Completed</StatusBadge>);

    const badge = screen.getByText('Completed');
    expect(badge).toHaveStyle({
      color: themeValues.colors.status.green.text,
      background: alpha(themeValues.colors.status.green.main, 0.12),
    });
  });

  it('gives each colour its own hue', () => {
    renderWithTheme(
      <>
        <StatusBadge color="red">Overdue</StatusBadge>
        <StatusBadge color="yellow">Pending</StatusBadge>
      </>,
    );
    expect(screen.getByText('Overdue')).toHaveStyle({ color: themeValues.colors.status.red.text });
    expect(screen.getByText('Pending')).toHaveStyle({
      color: themeValues.colors.status.yellow.text,
    });
  });
});
