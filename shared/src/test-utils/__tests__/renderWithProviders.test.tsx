import { screen } from '@testing-library/react';
import { jwtDecode } from 'jwt-decode';
import { Link, useParams } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { selectCurrentUser } from '../../auth/selectors';
import { useAppSelector } from '../../store/store';
import { makeToken, renderWithProviders, TEST_USER_CLAIMS } from '..';

function WhoAmI() {
  const user = useAppSelector(selectCurrentUser);
  return <p>{user ? `Signed in as ${user.full_name}` : 'Nobody'}</p>;
}

function TaskId() {
  const { taskId } = useParams();
  return (
    <>
      <p>Task {taskId}</p>
      <Link to="/tasks?status=done">Back</Link>
    </>
  );
}

function ThemeProbe() {
  const theme = useTheme();
  return <p>{theme ? 'themed' : 'no theme'}</p>;
}

describe('renderWithProviders', () => {
  afterEach(() => localStorage.clear());

  it('signs in with the given token', () => {
    const token = makeToken({ full_name: 'Ravi Kumar' });
    const { store } = renderWithProviders(<WhoAmI />, { token });

    expect(screen.getByText('Signed in as Ravi Kumar')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('authenticated');
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('leaves the session loading without a token', () => {
    const { store } = renderWithProviders(<WhoAmI />);
    expect(screen.getByText('Nobody')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('loading');
  });

  it('renders under a route pattern so useParams works, and follows navigation', async () => {
    const { user, currentPath } = renderWithProviders(<TaskId />, {
      route: '/tasks/t-42',
      path: '/tasks/:taskId',
    });
    expect(screen.getByText('Task t-42')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back' }));

    expect(currentPath()).toBe('/tasks?status=done');
    expect(screen.queryByText('Task t-42')).not.toBeInTheDocument();
  });

  it('provides the theme', () => {
    renderWithProviders(<ThemeProbe />);
    expect(screen.getByText('themed')).toBeInTheDocument();
  });
});

describe('makeToken', () => {
  it('makes a JWT the front end can decode, valid for one hour', () => {
    const before = Math.floor(Date.now() / 1000);
    const claims = jwtDecode<Record<string, unknown>>(makeToken({ role: 'employee' }));
    expect(claims).toMatchObject({ ...TEST_USER_CLAIMS, role: 'employee' });
    expect(claims.exp).toBeGreaterThanOrEqual(before + 3600);
    expect(claims.exp).toBeLessThanOrEqual(before + 3601);
  });

  it('keeps non-ASCII names', () => {
    const claims = jwtDecode<{ full_name: string }>(makeToken({ full_name: 'Zoë Ångström' }));
    expect(claims.full_name).toBe('Zoë Ångström');
  });
});
