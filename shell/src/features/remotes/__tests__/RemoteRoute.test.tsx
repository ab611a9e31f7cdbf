import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { loadRemoteAtStartup, preloadRemote, resetLoadedRemotes } from '../loadRemoteRoutes';
import { configuredRemotes } from '../../../testing/remotes';
import { registerRemoteEntries } from '../registry';
import { IncompatibleRemoteError, loadFailureCount, resetLoadFailures } from '../loadFailures';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);

setupApiServer(dashboardHandlers.ok(), organizationHandlers.ok(), ...noNotifications());

const FAILED = 'This section could not be loaded.';
const TASKS_ENTRY = 'https://cdn.example.test/remote-tasks/mf-manifest.json';
/** config.json with remote-tasks deployed and the other remotes not. */
const remotes = configuredRemotes({ remote_tasks: TASKS_ENTRY });

function TaskDetail() {
  const { taskId } = useParams();
  return <h1>Task {taskId}</h1>;
}

/** What remote_tasks' `./routes` looks like: its `<Routes>` with the spec's full paths. */
const tasksRoutesModule = {
  default: function TasksRoutes() {
    return (
      <Routes>
        <Route path="/tasks" element={<h1>Task list</h1>} />
        <Route path="/tasks/:taskId" element={<TaskDetail />} />
      </Routes>
    );
  },
};

const networkError = () => new Error('ScriptNetworkError: Failed to load script');

let consoleError: jest.SpyInstance;
let consoleWarn: jest.SpyInstance;

beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  // Loads started before the first render (start-up, preloads) need config.json's remotes.
  registerRemoteEntries(remotes);
});

afterEach(() => {
  resetLoadedRemotes();
  resetLoadFailures();
  loadRemoteMock.mockReset();
  registerRemotesMock.mockReset();
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

describe('a remote route', () => {
  it("is loaded on first visit and renders the remote's routes", async () => {
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    renderShell({ remotes, route: '/tasks/42', token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Task 42' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_tasks/routes');
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('is not loaded by start-up or by other pages', async () => {
    renderShell({ remotes, route: '/dashboard', token: makeToken() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('is preloaded when its navigation link is hovered', async () => {
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    const { user } = renderShell({ remotes, route: '/dashboard', token: makeToken() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.hover(within(nav).getByRole('link', { name: 'Tasks' }));
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_tasks/routes');

    await user.click(within(nav).getByRole('link', { name: 'Tasks' }));
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('is retried once automatically before anything fails', async () => {
    loadRemoteMock.mockRejectedValueOnce(networkError()).mockResolvedValueOnce(tasksRoutesModule);
    renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(FAILED)).toBeNull();
    // The failed remote was forgotten by the runtime before the second try.
    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'remote_tasks', entry: TASKS_ENTRY }],
      {
        force: true,
      },
    );
  });

  it('that cannot be loaded shows the failure in the content area only; Retry loads it again', async () => {
    loadRemoteMock.mockRejectedValue(networkError());
    const { user } = renderShell({ remotes, route: '/tasks', token: makeToken() });

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
    // The chrome is untouched.
    expect(screen.getByText('Duly').closest('header')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The remote is back: Retry shows it, without a page reload.
    loadRemoteMock.mockReset();
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(screen.queryByText(FAILED)).toBeNull();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('that this shell cannot run shows the version message at once: no retry, no Retry, one report', async () => {
    loadRemoteMock.mockRejectedValue(
      new IncompatibleRemoteError('remote_tasks', [
        { package: '@duly/shared', required: '^2.0.0', provided: '1.0.0' },
      ]),
    );
    const { user } = renderShell({
      remotes: { ...remotes, remote_tasks: { ...remotes.remote_tasks!, release: 'abcdef012345' } },
      route: '/tasks',
      token: makeToken(),
    });

    expect(
      await screen.findByText(
        'This section needs a different version of the app. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText(FAILED)).toBeNull();
    expect(loadFailureCount()).toBe(1);
    const lines = consoleError.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.startsWith('[duly] remote load failed '));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!.slice('[duly] remote load failed '.length))).toMatchObject({
      remote: 'remote_tasks',
      release: 'abcdef012345',
      reason: 'incompatible',
      retried: false,
      detail: expect.stringContaining('@duly/shared ^2.0.0 (the shell provides 1.0.0)'),
    });

    // The chrome and the other routes keep working.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('that fails on the network is reported once, as unavailable after its retry', async () => {
    loadRemoteMock.mockRejectedValue(networkError());
    renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    const lines = consoleError.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.startsWith('[duly] remote load failed '));
    expect(lines.map((line) => JSON.parse(line.slice(26)))).toEqual([
      expect.objectContaining({ remote: 'remote_tasks', reason: 'unavailable', retried: true }),
    ]);
  });

  it('that is down leaves the other routes working', async () => {
    loadRemoteMock.mockRejectedValue(networkError());
    const { user } = renderShell({ remotes, route: '/tasks', token: makeToken() });
    await screen.findByText(FAILED);

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('region', { name: 'Total Tasks' })).toBeInTheDocument();
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it('that throws while rendering shows the failure; Retry renders it again', async () => {
    let broken = true;
    function FlakyRoutes() {
      if (broken) throw new Error('Render failed');
      return <h1>Recovered</h1>;
    }
    loadRemoteMock.mockResolvedValue({ default: FlakyRoutes });
    const { user } = renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    // Its code had loaded: a render error does not fetch it again.
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('missing from config.json shows the failure without trying to load', async () => {
    renderShell({ remotes, route: '/certificates', token: makeToken() });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('whose ./routes has no component shows the failure', async () => {
    loadRemoteMock.mockResolvedValue({ routes: [] });
    renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
  });

  it('takes over the load start-up began for the page: one load, no second one', async () => {
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    loadRemoteAtStartup('remote_tasks');
    renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('shows the failure of a start-up load that failed before the first render; Retry loads anew', async () => {
    loadRemoteMock.mockRejectedValue(networkError());
    loadRemoteAtStartup('remote_tasks');
    // The first try and its automatic retry both fail before the shell renders.
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));

    const { user } = renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);

    loadRemoteMock.mockReset();
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('that has already loaded is shown in the first render, without a spinner', async () => {
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    preloadRemote('remote_tasks');
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    renderShell({ remotes, route: '/tasks', token: makeToken() });
    expect(screen.getByRole('heading', { name: 'Task list' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('stays mounted while moving between its own paths', async () => {
    loadRemoteMock.mockResolvedValue(tasksRoutesModule);
    const { user } = renderShell({ remotes, route: '/tasks/1', token: makeToken() });
    await screen.findByRole('heading', { name: 'Task 1' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Tasks' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Task list' })).toBeVisible());
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('reports, in development, routes a remote renders outside the paths it owns', async () => {
    loadRemoteMock.mockResolvedValue({
      ...tasksRoutesModule,
      routePaths: ['/tasks', '/tasks/:taskId', '/reports', '*'],
    });
    renderShell({ remotes, route: '/tasks', token: makeToken() });
    await screen.findByRole('heading', { name: 'Task list' });
    expect(consoleError).toHaveBeenCalledWith(
      'remote_tasks renders /reports outside the paths it owns (/tasks/*): add them to its routes in remotes.json.',
    );
  });
});
