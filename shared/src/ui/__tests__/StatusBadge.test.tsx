import { screen } from '@testing-library/react';
import {
  CertificateStatusBadge,
  EmployeeStatusBadge,
  StatusBadge,
  TaskStatusBadge,
} from '../StatusBadge';
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

describe('TaskStatusBadge, CertificateStatusBadge and EmployeeStatusBadge', () => {
  it("show a kind's status by its label and colour, the dashboards' palette when asked", () => {
    renderWithTheme(
      <>
        <TaskStatusBadge status="in_progress" />
        <TaskStatusBadge status="pending" palette="team" />
        <CertificateStatusBadge status="escalated" />
        <CertificateStatusBadge status="EXPIRED" palette="team" />
        <EmployeeStatusBadge status="inactive" />
        <EmployeeStatusBadge status="retired" />
      </>,
    );
    const colour = (text: string) => screen.getByText(text).getAttribute('data-color');
    expect(colour('In Progress')).toBe('blue');
    expect(colour('Pending')).toBe('orange');
    expect(colour('Escalated')).toBe('purple');
    expect(colour('Expired')).toBe('red');
    expect(colour('Inactive')).toBe('red');
    expect(colour('Unknown')).toBe('yellow');
  });
});
