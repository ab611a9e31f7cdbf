import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createAppStore, sessionRestored, type LoginPayload } from '@duly/shared/core';
import { apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { Root } from '../../Root';
import { EARLY_SCRIPT } from '../earlyScript';
import { mountShell } from '../mountShell';
import { PRERENDERED_ROUTES, renderPage, renderPages } from '../renderPages';
import { PRERENDERED_ATTRIBUTE } from '../takeOver';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

/** The built index.html as html-webpack-plugin minifies it (attribute quotes dropped). */
const TEMPLATE =
  '<!doctype html><html lang=en><head><title>Duly</title><script defer src=/main.0123456789.js></script></head><body><div id=root></div></body></html>';

const sent: LoginPayload[] = [];
setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...noNotifications(),
  http.post(apiUrl('/auth/login'), async ({ request }) => {
    sent.push((await request.json()) as LoginPayload);
    return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
  }),
  ...chromeDefaults(),
);

afterEach(() => {
  sent.length = 0;
  delete window.dulyPrerender;
  document.documentElement.removeAttribute('data-stored-session');
});

/** Puts a pre-rendered page into the jsdom document, as the browser parses it. */
function loadPage(route: string): HTMLElement {
  const page = new DOMParser().parseFromString(renderPage(TEMPLATE, route), 'text/html');
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  window.history.replaceState(null, '', route);
  // The early script runs as the page is parsed (jsdom does not run the parsed copy's).
  new Function(page.head.querySelector('script:not([src])')!.textContent!)();
  return document.getElementById('root')!;
}

/** What bootstrap.tsx does once the shell's code has arrived. */
async function startApp(container: HTMLElement) {
  const store = createAppStore();
  store.dispatch(sessionRestored());
  await act(async () => mountShell(container, store, <Root store={store} />));
  return store;
}

describe('the pre-render of the public pages', () => {
  it('renders the sign-in form into #root, marked with its route, keeping the page around it', () => {
    const html = renderPage(TEMPLATE, '/login');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const root = page.getElementById('root')!;

    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('/login');
    expect(root.querySelector('h1')?.textContent).toBe('Sign in to the product');
    expect(root.querySelector('input[type="email"][name="email"]')).not.toBeNull();
    expect(root.querySelector('input[type="password"][name="password"]')).not.toBeNull();
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
    expect(root.querySelector('a[href="/signup"]')?.textContent).toBe('create a new account');
    expect(root.querySelector('a[href="/forgot-password"]')?.textContent).toBe('Forgot password?');
    // The template's script is asked for after the first paint (scriptsAfterPaint.ts), by the
    // page's second inline script.
    expect(page.querySelector('script[src]')).toBeNull();
    const inline = [...page.head.querySelectorAll('script:not([src])')].map((s) => s.textContent);
    expect(inline).toHaveLength(2);
    expect(inline[1]).toContain('"/main.0123456789.js"');
  });

  it('carries the CSS of every class the markup uses, and the early script before it', () => {
    const page = new DOMParser().parseFromString(renderPage(TEMPLATE, '/login'), 'text/html');
    const css = page.querySelector('style[data-styled]')?.textContent ?? '';
    const classes = new Set(
      [...page.getElementById('root')!.querySelectorAll('[class]')].flatMap((element) => [
        ...element.classList,
      ]),
    );
    expect(classes.size).toBeGreaterThan(5);
    // styled-components gives each element its component's id and the class of its rules;
    // every rule class must be in the CSS (ids without rules are markers only).
    const ruleClasses = [...classes].filter((name) => !name.startsWith('sc-'));
    for (const name of ruleClasses) expect(css).toContain(`.${name}{`);
    // The global style (the page's background and font) too.
    expect(css).toContain('body{');

    const inHead = [...page.head.children];
    const early = inHead.findIndex((element) => element.textContent === EARLY_SCRIPT);
    const styles = inHead.findIndex((element) => element.matches('style[data-styled]'));
    expect(early).toBeGreaterThanOrEqual(0);
    expect(early).toBeLessThan(styles);
  });

  it('makes one page per pre-rendered route, each under prerendered/', () => {
    const pages = renderPages(TEMPLATE);
    expect(pages.map((page) => page.file)).toEqual([
      'prerendered/login.html',
      'prerendered/signup.html',
    ]);
    expect(pages.map((page) => page.route)).toEqual([...PRERENDERED_ROUTES]);
    expect(pages[1]!.html).toContain('Create your account');
  });

  it('refuses a template without an empty #root to render into', () => {
    expect(() => renderPage('<html><head></head><body></body></html>', '/login')).toThrow(
      'The page template has no empty <div id="root"></div>',
    );
  });
});

describe('the app taking a pre-rendered page over', () => {
  it('hydrates the very elements of the HTML, without a mismatch', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const container = loadPage('/login');
    const emailField = screen.getByLabelText(/Email address/);

    await startApp(container);

    expect(screen.getByLabelText(/Email address/)).toBe(emailField);
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('keeps what was typed before the app ran, in the field and in the form', async () => {
    const container = loadPage('/login');
    const user = userEvent.setup();
    (screen.getByLabelText(/Email address/) as HTMLInputElement).value = 'asha@example.com';

    await startApp(container);
    await user.type(screen.getByLabelText(/^Password/), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(sent).toEqual([{ email: 'asha@example.com', password: 'a-password' }]),
    );
    expect(screen.getByLabelText(/Email address/)).toHaveValue('asha@example.com');
  });

  it('sends a submit made before the app ran once it runs, with what was typed', async () => {
    const container = loadPage('/login');
    (screen.getByLabelText(/Email address/) as HTMLInputElement).value = 'asha@example.com';
    (screen.getByLabelText(/^Password/) as HTMLInputElement).value = 'a-password';
    const form = screen.getByRole('form', { name: 'Sign in' }) as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    // Held by the early script: the browser would otherwise send the form itself.
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).toEqual([]);

    await startApp(container);

    await waitFor(() =>
      expect(sent).toEqual([{ email: 'asha@example.com', password: 'a-password' }]),
    );
    expect(await screen.findByText('Invalid email or password', { selector: 'p' })).toBeVisible();
  });

  it('replaces the page instead when a session is stored: the signed-in visitor is sent home', async () => {
    window.localStorage.setItem('token', makeToken({ role: 'admin' }));
    const container = loadPage('/login');
    // The early script saw the session: the form is hidden until the app has moved on.
    expect(document.documentElement).toHaveAttribute('data-stored-session');

    await startApp(container);

    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Sign in to the product' })).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-stored-session');
  });

  it('replaces a page pre-rendered for another path rather than hydrating it', async () => {
    const container = loadPage('/login');
    window.history.replaceState(null, '', '/signup');

    await startApp(container);

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sign in to the product' })).toBeNull();
  });
});
