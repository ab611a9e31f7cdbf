import { screen } from '@testing-library/react';
import { renderWithProviders } from '@duly/shared/test-utils';
import { registerRemoteEntries } from '../../features/remotes';
import { SignedInScreen } from '../SignedInScreen';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

describe('SignedInScreen', () => {
  it('shows a spinner while the signed-in chunk loads, then the screen', async () => {
    registerRemoteEntries({});
    renderWithProviders(<SignedInScreen name="remoteOrNotFound" />, { route: '/nowhere' });
    // Not loaded before this render (no session at start-up): the part is fetched on demand.
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
