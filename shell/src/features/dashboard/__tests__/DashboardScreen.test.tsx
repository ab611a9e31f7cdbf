import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import {
  complianceHandlers,
  dashboardHandlers,
  organizationHandlers,
  TEST_DASHBOARD,
} from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { dashboardApi } from '../api';
import { chromeDefaults } from '../../../testing/chromeDefaults';

const server = setupApiServer(
  dashboardHandlers.ok(),
  complianceHandlers.ok(),
  organizationHandlers.ok(),
  ...noNotifications(),
  ...chromeDefaults(),
);

function card(label: string) {
  return screen.getByRole('region', { name: label });
}

describe('main dashboard', () => {
  it.each(['/', '/dashboard'])('shows title, subtitle and the five cards at %s', async (route) => {
    renderShell({ route, token: makeToken() });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Overview of tasks, certificates, and employees')).toBeInTheDocument();

    await screen.findByRole('region', { name: 'Total Tasks' });
    expect(within(card('Total Tasks')).getByText('12')).toBeInTheDocument();
    expect(
      within(card('Total Tasks')).getByRole('link', { name: 'View all tasks' }),
    ).toHaveAttribute('href', '/tasks');
    expect(within(card('Total Certificates')).getByText('7')).toBeInTheDocument();
    expect(
      within(card('Total Certificates')).getByRole('link', { name: 'View all certificates' }),
    ).toHaveAttribute('href', '/certificates');
    expect(within(card('Total Employees')).getByText('5')).toBeInTheDocument();
    expect(
      within(card('Total Employees')).getByRole('link', { name: 'View all employees' }),
    ).toHaveAttribute('href', '/employees');
    expect(within(card('Overdue Tasks')).getByText('3 overdue tasks')).toBeInTheDocument();
    expect(
      within(card('Expiring Certificates')).getByText('2 expired certificates'),
    ).toBeInTheDocument();
  });

  it('links the Overdue Tasks and Expiring Certificates cards to the filtered lists', async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByRole('region', { name: 'Overdue Tasks' });
    expect(
      within(card('Overdue Tasks')).getByRole('link', { name: 'View overdue tasks' }),
    ).toHaveAttribute('href', '/tasks?status=overdue');
    expect(
      within(card('Expiring Certificates')).getByRole('link', {
        name: 'View expired certificates',
      }),
    ).toHaveAttribute('href', '/certificates?status=expired');
  });

  it('says under Expiring Certificates how many expire within their reminder window, linked to that filter', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/certificates/'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json([], { headers: { 'X-Total-Count': '4' } });
      }),
    );
    renderShell({ route: '/dashboard', token: makeToken() });
    const line = await within(
      await screen.findByRole('region', { name: 'Expiring Certificates' }),
    ).findByRole('link', { name: '4 certificates expire within their reminder window' });
    expect(line).toHaveAttribute('href', '/certificates?in_reminder_window=true');
    expect(asked?.get('in_reminder_window')).toBe('true');
    expect(asked?.get('limit')).toBe('1');
  });

  it("says 'No overdue tasks' and 'No expired certificates' for zero", async () => {
    server.use(
      dashboardHandlers.ok({
        ...TEST_DASHBOARD,
        tasks: { total_tasks: 4, overdue_tasks: 0 },
        certificates: { total_certificates: 1, expired_certificates: 0 },
      }),
    );
    renderShell({ route: '/dashboard', token: makeToken() });
    expect(await screen.findByText('No overdue tasks')).toBeInTheDocument();
    expect(screen.getByText('No expired certificates')).toBeInTheDocument();
    expect(screen.queryByText(/0 overdue tasks/)).toBeNull();
  });

  it('shows a spinner while loading', async () => {
    server.use(
      http.get(apiUrl('/dashboard/'), async () => {
        await delay('infinite');
        return HttpResponse.json(TEST_DASHBOARD);
      }),
    );
    renderShell({ route: '/dashboard', token: makeToken() });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total Tasks' })).toBeNull();
  });

  it("shows 'Error loading dashboard data' when the call fails", async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(dashboardHandlers.failing());
    renderShell({ route: '/dashboard', token: makeToken() });
    expect(await screen.findByText('Error loading dashboard data')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    quiet.mockRestore();
  });

  it('offers Retry after a failure, which loads the cards again', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(dashboardHandlers.failing());
    const user = userEvent.setup();
    renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByText('Error loading dashboard data');
    server.use(dashboardHandlers.ok());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 overdue tasks')).toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data')).toBeNull();
    quiet.mockRestore();
  });

  it('refetches when the Dashboard tag is invalidated (as a remote does after a change)', async () => {
    const { store } = renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByText('3 overdue tasks');
    server.use(
      dashboardHandlers.ok({ ...TEST_DASHBOARD, tasks: { total_tasks: 12, overdue_tasks: 0 } }),
    );
    store.dispatch(dashboardApi.util.invalidateTags(['Dashboard']));
    expect(await screen.findByText('No overdue tasks')).toBeInTheDocument();
  });

  it("adds for an admin a sixth card: the organisation's compliance and its gaps, linked to the matrix of gaps (issue 28)", async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    const compliance = await screen.findByRole('region', { name: 'Compliance' });
    expect(within(compliance).getByText('87%')).toBeInTheDocument();
    expect(within(compliance).getByText('3 gaps')).toBeInTheDocument();
    expect(within(compliance).getByRole('link', { name: 'View compliance gaps' })).toHaveAttribute(
      'href',
      '/compliance?gaps_only=true',
    );
    // The five cards of the spec are still there, unchanged.
    expect(within(card('Overdue Tasks')).getByText('3 overdue tasks')).toBeInTheDocument();
  });

  it("says 'No gaps' at 100%, and the card follows a certificate added elsewhere", async () => {
    const { store } = renderShell({ route: '/dashboard', token: makeToken() });
    await screen.findByRole('region', { name: 'Compliance' });
    server.use(complianceHandlers.ok({ organization_percent: 100, gaps: 0 }));
    store.dispatch(dashboardApi.util.invalidateTags([{ type: 'Certificate', id: 'LIST' }]));
    const compliance = card('Compliance');
    expect(await within(compliance).findByText('100%')).toBeInTheDocument();
    expect(within(compliance).getByText('No gaps')).toBeInTheDocument();
  });

  it('asks nothing about compliance for a manager and shows no such card', async () => {
    let asked = false;
    server.use(
      http.get(apiUrl('/compliance'), () => {
        asked = true;
        return HttpResponse.json({}, { status: 403 });
      }),
    );
    renderShell({ route: '/dashboard', token: makeToken({ role: 'manager' }) });
    await screen.findByText('3 overdue tasks');
    expect(screen.queryByRole('region', { name: 'Compliance' })).toBeNull();
    expect(asked).toBe(false);
  });
});
