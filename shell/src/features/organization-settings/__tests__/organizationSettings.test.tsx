import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

jest.setTimeout(20_000);

/** The settings of the test user's organisation, as the API keeps them. */
function backend(initial = true, failSave = false) {
  const state = { documents_need_approval: initial, patches: [] as unknown[] };
  server.use(
    http.get(apiUrl('/organizations/:id/settings'), () =>
      HttpResponse.json({ documents_need_approval: state.documents_need_approval }),
    ),
    http.patch(apiUrl('/organizations/:id/settings'), async ({ request }) => {
      const body = (await request.json()) as { documents_need_approval: boolean };
      state.patches.push(body);
      if (failSave) {
        return HttpResponse.json(
          { message: 'Something went wrong', code: 'internal' },
          { status: 500 },
        );
      }
      state.documents_need_approval = body.documents_need_approval;
      return HttpResponse.json({ documents_need_approval: state.documents_need_approval });
    }),
  );
  return state;
}

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...chromeDefaults(),
);
const admin = () => makeToken({ role: 'admin' });

describe('/settings/organization', () => {
  it('opens from the avatar menu of an admin with the approval switch on by default', async () => {
    backend();
    const { user, currentPath } = renderShell({ route: '/dashboard', token: admin() });
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Organisation settings' }));
    expect(currentPath()).toBe('/settings/organization');
    expect(
      await screen.findByRole('heading', { name: 'Organisation settings', level: 1 }),
    ).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', {
      name: 'Documents from employees need approval',
    });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/waits in the approval queue/);
  });

  it('turns approval off and on again, saving each change at once', async () => {
    const state = backend();
    const { user } = renderShell({ route: '/settings/organization', token: admin() });
    const toggle = await screen.findByRole('switch', {
      name: 'Documents from employees need approval',
    });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(state.patches).toEqual([{ documents_need_approval: false }]);
    expect(
      await screen.findByText('Documents from employees no longer need approval'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(state.patches).toEqual([
      { documents_need_approval: false },
      { documents_need_approval: true },
    ]);
  });

  it('keeps the switch as it was when saving fails, and says so', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    backend(true, true);
    const { user } = renderShell({ route: '/settings/organization', token: admin() });
    const toggle = await screen.findByRole('switch', {
      name: 'Documents from employees need approval',
    });
    await user.click(toggle);
    expect(await screen.findByText(/^Saving failed/)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    logged.mockRestore();
  });

  it('is not in the menu of a manager, and tells them it is for admins', async () => {
    const { user } = renderShell({
      route: '/settings/organization',
      token: makeToken({ role: 'manager' }),
    });
    expect(
      await screen.findByText('Only admins can change the organisation’s settings.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Organisation settings' })).toBeNull();
  });
});
