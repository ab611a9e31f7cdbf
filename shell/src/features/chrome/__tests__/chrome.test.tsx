import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { theme, themeValues } from '@duly/shared';
import { apiUrl, contrastRatio, flatten, makeToken, setupApiServer } from '@duly/shared/test-utils';
import {
  dashboardHandlers,
  organizationHandlers,
  TEST_ORGANIZATION,
} from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { mediaDeclarationsFor } from '../../../testing/cssRules';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...noNotifications(),
  ...chromeDefaults(),
);

/** The top bar: the header holding the product name (page headers are `header`s too). */
function topBar(): HTMLElement {
  const bar = screen.getByText('Duly').closest('header');
  if (!bar) throw new Error('No top bar');
  return bar;
}

/**
 * The menu button shows only below 900 px; jsdom evaluates no media query, so
 * it counts as hidden (without an accessible name) and is found by its label.
 */
function menuButton(): HTMLElement {
  return screen.getByLabelText('Open navigation', { selector: 'button' });
}

describe('top bar', () => {
  it('shows the product name and the organisation name', async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    expect(within(topBar()).getByText('Duly')).toBeInTheDocument();
    expect(await within(topBar()).findByText(TEST_ORGANIZATION.name)).toBeInTheDocument();
  });

  it('writes the organisation name at 4.5:1 or more on the primary bar', async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const name = await within(topBar()).findByText(TEST_ORGANIZATION.name);
    const opacity = Number(getComputedStyle(name).opacity || '1');
    const { onPrimary, primary } = themeValues.colors;
    const [red, green, blue] = [1, 3, 5].map((at) => parseInt(onPrimary.slice(at, at + 2), 16));
    const text = flatten(`rgba(${red}, ${green}, ${blue}, ${opacity})`, primary);
    expect(contrastRatio(text, primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows the initials of the full name in the avatar, and names the button with them (label in name)', () => {
    renderShell({ route: '/dashboard', token: makeToken({ full_name: 'asha devi rao' }) });
    const button = screen.getByRole('button', { name: 'ADR, Account menu' });
    expect(within(button).getByRole('img')).toHaveTextContent('ADR');
  });

  it('shows a person icon when there is no full name', () => {
    renderShell({ route: '/dashboard', token: makeToken({ full_name: null }) });
    const avatar = within(screen.getByRole('button', { name: 'Account menu' })).getByRole('img');
    expect(avatar).toHaveTextContent('');
    expect(avatar.querySelector('svg[data-icon="person"]')).not.toBeNull();
  });

  it('opens a menu with the organisation name (not clickable), Profile (opens /profile) and Logout', async () => {
    const { user, currentPath } = renderShell({ route: '/dashboard', token: makeToken() });
    await within(topBar()).findByText(TEST_ORGANIZATION.name);
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));

    const menu = screen.getByRole('menu');
    expect(within(menu).getByText(TEST_ORGANIZATION.name)).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
      // The test user is an admin: their menu has the webhooks of admin settings (issue 30).
    ).toEqual(['Profile', 'Organisation settings', 'Webhooks', 'Logout']);

    // The organisation line is not an item: clicking it leaves the menu open.
    await user.click(within(menu).getByText(TEST_ORGANIZATION.name));
    expect(screen.getByRole('menu')).toBeInTheDocument();

    // Profile closes the menu and opens /profile (issue 14).
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(currentPath()).toBe('/profile');
  });
});

describe('organisation name', () => {
  it('heads the side navigation', async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      await within(nav).findByRole('heading', { name: TEST_ORGANIZATION.name }),
    ).toBeInTheDocument();
  });

  it('is not fetched when the user has no organization_id', async () => {
    let fetched = false;
    server.use(
      http.get(apiUrl('/organizations/:id'), () => {
        fetched = true;
        return HttpResponse.json(TEST_ORGANIZATION);
      }),
    );
    // A token without the claim: decodeSessionUser refuses it, so the user is anonymous.
    renderShell({ route: '/dashboard', token: makeToken({ organization_id: '' }) });
    await screen.findByRole('heading', { name: 'Sign in to the product' });
    expect(fetched).toBe(false);
  });

  it('failing to load is only logged', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(organizationHandlers.failing());
    renderShell({ route: '/dashboard', token: makeToken() });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Error fetching organization', expect.anything()),
    );
    expect(within(topBar()).queryByText(TEST_ORGANIZATION.name)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});

describe('side navigation', () => {
  it('lists Dashboard, Tasks, Certificates, Employees and (for an admin) Compliance, Approvals and Activity, and marks the current one', () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Tasks', '/tasks'],
      ['Certificates', '/certificates'],
      ['Employees', '/employees'],
      ['Compliance', '/compliance'],
      ['Approvals', '/team/documents'],
      ['Activity', '/employees/activity'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('gives each entry an icon of its own', () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const icons = within(nav)
      .getAllByRole('link')
      .map((link) => link.querySelector('svg')?.getAttribute('data-icon'));
    expect(icons).toEqual([
      'dashboard',
      'tasks',
      'certificates',
      'employees',
      'compliance',
      'approvals',
      'activity',
    ]);
  });

  it.each([
    ['manager', ['Dashboard', 'Tasks', 'Certificates', 'Employees', 'Compliance', 'Approvals']],
    ['employee', ['Dashboard', 'Tasks', 'Certificates', 'Employees']],
  ] as const)('a %s sees %j', (role, labels) => {
    renderShell({ route: '/dashboard', token: makeToken({ role }) });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(labels);
  });

  it('marks only Activity on the activity page, not also Employees whose path it is under', () => {
    renderShell({ route: '/employees/activity', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Activity']);
  });

  it.each([
    ['admin', '/compliance'],
    ['admin', '/certificate-types'],
    ['manager', '/compliance'],
  ])(
    'marks only Compliance (as %s) on %s, not also Certificates whose remote renders it',
    (role, route) => {
      renderShell({ route, token: makeToken({ role }) });
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      const current = within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual(['Compliance']);
    },
  );

  it.each(['/tasks/dashboard', '/employee/dashboard'])(
    'marks Dashboard, not Tasks, on the team home %s (rendered by the team remote)',
    (route) => {
      renderShell({ route, token: makeToken({ role: 'manager' }) });
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      const current = within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual(['Dashboard']);
    },
  );

  it('writes the current section in a colour readable at 4.5:1 on its highlight', () => {
    renderShell({ route: '/tasks/create', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const current = within(nav).getByRole('link', { name: 'Tasks' });
    expect(current).toHaveAttribute('aria-current', 'page');

    const style = getComputedStyle(current);
    const highlight = flatten(style.backgroundColor, themeValues.colors.surface);
    expect(highlight).toBe(flatten(themeValues.colors.primaryTint, themeValues.colors.surface));
    expect(contrastRatio(style.color, highlight)).toBeGreaterThanOrEqual(4.5);
  });

  it('opens as a drawer from the menu button and closes on Escape', async () => {
    const { user } = renderShell({ route: '/dashboard', token: makeToken() });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('drawer-backdrop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('drawer-backdrop')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('is a modal dialog while open, with the page behind it inert', async () => {
    const { user } = renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');

    await user.click(menuButton());
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('inert');
    expect(topBar()).toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
    expect(topBar()).not.toHaveAttribute('inert');
    expect(menuButton()).toHaveFocus();
  });

  it('becomes visible at once when opened, so focus can move into it', async () => {
    const { user } = renderShell({ route: '/dashboard', token: makeToken() });
    await user.click(menuButton());
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    const transitions = mediaDeclarationsFor(drawer, 'max-width: 899.98px')
      .map((style) => style.getPropertyValue('transition'))
      .filter(Boolean);
    expect(transitions.length).toBeGreaterThan(0);
    // A transitioned `visibility` stays `hidden` on the first frame, where focus() fails.
    for (const transition of transitions) expect(transition).not.toContain('visibility');
  });

  it('keeps Tab and Shift+Tab inside the open drawer', async () => {
    const { user } = renderShell({ route: '/dashboard', token: makeToken() });
    await user.click(menuButton());
    const drawer = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = (name: string) => within(drawer).getByRole('link', { name });
    expect(link('Dashboard')).toHaveFocus();

    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(link('Activity')).toHaveFocus();
    await user.tab();
    expect(link('Dashboard')).toHaveFocus();
    await user.tab({ shift: true });
    expect(link('Activity')).toHaveFocus();
  });

  it('closes the drawer when the window becomes wide enough for the permanent navigation', async () => {
    const listeners = new Set<() => void>();
    const matchMedia = jest.fn(() => ({
      matches: false,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      const { user } = renderShell({ route: '/dashboard', token: makeToken() });
      await user.click(menuButton());
      expect(matchMedia).toHaveBeenCalledWith('(min-width: 900px)');

      act(() => listeners.forEach((listener) => listener()));
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByTestId('drawer-backdrop')).toBeNull();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('closes the drawer after choosing a section', async () => {
    const { user, currentPath } = renderShell({ route: '/dashboard', token: makeToken() });
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    expect(currentPath()).toBe('/tasks');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('skip link', () => {
  it("is the first Tab stop and 'Skip to main content' moves focus to the page", async () => {
    const { user } = renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('content area', () => {
  it('lets table headers stick under the sticky top bar on wide screens, not behind it', () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const main = screen.getByRole('main');
    const offsets = mediaDeclarationsFor(main, 'min-width: 900px').map((style) =>
      style.getPropertyValue('--duly-table-sticky-top').trim(),
    );
    // The top bar's height, as the theme's custom property (64px on :root).
    expect(offsets).toContain(theme.layout.topBarHeight);
  });
});

describe('unknown paths', () => {
  it("show 'Page not found' inside the chrome", () => {
    renderShell({ route: '/no/such/page', token: makeToken() });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(topBar()).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});
