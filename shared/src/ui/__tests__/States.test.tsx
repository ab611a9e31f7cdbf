import { screen } from '@testing-library/react';
import { Button } from '../Button';
import { Card } from '../Card';
import { EmptyState } from '../EmptyState';
import { ErrorState } from '../ErrorState';
import { LoadingState } from '../LoadingState';
import { PageHeader } from '../PageHeader';
import { Spinner } from '../Spinner';
import { renderWithTheme } from './renderWithTheme';

describe('page states', () => {
  it('announces loading with its sentence', () => {
    renderWithTheme(<LoadingState>Loading tasks...</LoadingState>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading tasks...');
    // The sentence names it; the spinner beside it is not announced twice.
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('has a named spinner on its own', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('reports an error as an alert', () => {
    renderWithTheme(<ErrorState>Error loading dashboard data</ErrorState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading dashboard data');
  });

  it('shows the empty sentence and an optional action', () => {
    renderWithTheme(<EmptyState action={<button>New User</button>}>No employees found</EmptyState>);
    expect(screen.getByText('No employees found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New User' })).toBeInTheDocument();
  });

  it('titles the page with an h1, a subtitle and actions', () => {
    renderWithTheme(
      <PageHeader
        title="Dashboard"
        subtitle="Overview of tasks, certificates, and employees"
        actions={<button>New Task</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Overview of tasks, certificates, and employees')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Task' })).toBeInTheDocument();
  });
  it('gives the title the height of a button, so pages with and without actions line up', () => {
    renderWithTheme(
      <>
        <PageHeader title="Edit Task" />
        <PageHeader title="Create New Task" actions={<Button>Back to Tasks</Button>} />
      </>,
    );
    const buttonHeight = getComputedStyle(screen.getByRole('button')).minHeight;
    expect(buttonHeight).toBe('36px');
    for (const name of ['Edit Task', 'Create New Task']) {
      const titleBlock = screen.getByRole('heading', { level: 1, name }).parentElement;
      expect(titleBlock).toHaveStyle({ minHeight: buttonHeight });
    }
  });
});

describe('Card', () => {
  it('is a region named by its title', () => {
    renderWithTheme(
      <Card title="Total Tasks">
        <p>12</p>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Total Tasks' })).toHaveTextContent('12');
    expect(screen.getByRole('heading', { level: 2, name: 'Total Tasks' })).toBeInTheDocument();
  });
});
