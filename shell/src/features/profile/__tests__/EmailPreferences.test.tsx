import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, renderWithProviders, setupApiServer } from '@duly/shared/test-utils';
import { notificationsBackend } from '../../../testing/notifications';
import { EmailPreferences } from '../components/EmailPreferences';

const server = setupApiServer();

function renderPreferences() {
  return renderWithProviders(<EmailPreferences />, { token: makeToken() });
}

afterEach(() => jest.restoreAllMocks());

describe('the email switches', () => {
  it('shows one switch per kind of email, on unless the person turned it off', async () => {
    server.use(...notificationsBackend([], { task_overdue: false }).handlers);
    renderPreferences();

    const section = await screen.findByRole('region', { name: 'Email notifications' });
    const switches = await within(section).findAllByRole('switch');
    expect(
      switches.map((control) => [
        // The label's first words are the kind; a hint follows.
        control.closest('label')?.textContent?.split('When')[0],
        (control as HTMLInputElement).checked,
      ]),
    ).toEqual([
      ['Certificate reminders', true],
      ['Expired certificates', true],
      ['Certificate escalations', true],
      ['Overdue tasks', false],
      ['Task escalations', true],
      ['Approved documents', true],
      ['Rejected documents', true],
    ]);
    expect(screen.getByRole('switch', { name: /^Overdue tasks/ })).not.toBeChecked();
  });

  it('saves a flipped switch at once and says so', async () => {
    const backend = notificationsBackend();
    server.use(...backend.handlers);
    const { user } = renderPreferences();

    await user.click(await screen.findByRole('switch', { name: /^Certificate reminders/ }));

    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'PUT',
        path: '/profile/email-preferences',
        body: { certificate_reminder: false },
      },
    ]);
    expect(screen.getByRole('switch', { name: /^Certificate reminders/ })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: /^Certificate reminders/ }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /^Certificate reminders/ })).toBeChecked(),
    );
    expect(backend.settings.certificate_reminder).toBe(true);
  });

  it('puts the switch back and says so when the save fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    // The first handler that matches answers: the failing save comes before the backend.
    server.use(
      http.put(apiUrl('/profile/email-preferences'), () =>
        HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }),
      ),
      ...notificationsBackend().handlers,
    );
    const { user } = renderPreferences();

    await user.click(await screen.findByRole('switch', { name: /^Task escalations/ }));

    expect(
      await screen.findByText('Could not save your email settings. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Task escalations/ })).toBeChecked();
  });

  it('says so when the settings cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('/profile/email-preferences'), () =>
        HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }),
      ),
    );
    renderPreferences();
    expect(await screen.findByText('Could not load your email settings.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
