import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeEmployee, makeToken, mockApi, setupApiServer } from '@duly/shared/test-utils';
import type { Employee } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

const invited = makeEmployee({
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.com',
  invitation_pending: true,
});
const joined = makeEmployee({ firstName: 'Arjun', lastName: 'Nair', invitation_pending: false });
const invitedAdmin = makeEmployee({
  firstName: 'Kiran',
  lastName: 'Rao',
  role: 'admin',
  invitation_pending: true,
});

/** Serves the people and records each invitation asked for (or answers `failure`). */
function serve(employees: Employee[], failure?: { status: number; message: string }) {
  const resent: string[] = [];
  server.use(
    ...mockApi({ employees }).handlers(),
    http.post(apiUrl('/employees/:id/invitation'), ({ params }) => {
      if (failure) {
        return HttpResponse.json(
          { message: failure.message, code: 'conflict' },
          { status: failure.status },
        );
      }
      resent.push(params.id as string);
      return HttpResponse.json({ message: 'sent' }, { status: 202 });
    }),
  );
  return resent;
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the Users list', () => {
  it("marks who has not accepted their invitation with 'Invitation pending'", async () => {
    serve([invited, joined]);
    renderEmployees('/employees');
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(within(rowOf('Meera Iyer')).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(rowOf('Arjun Nair')).queryByText('Invitation pending')).not.toBeInTheDocument();
  });

  it("offers 'Resend invitation' as a row action to a manager, and says it was sent", async () => {
    const resent = serve([invited, joined]);
    const { user } = renderEmployees('/employees', makeToken({ role: 'manager' }));
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(
      within(rowOf('Arjun Nair')).queryByRole('button', { name: /Resend invitation/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(rowOf('Meera Iyer')).getByRole('button', { name: 'Resend invitation to Meera Iyer' }),
    );
    expect(await screen.findByText('Invitation sent to meera@example.com')).toBeInTheDocument();
    expect(resent).toEqual([invited.id]);
  });

  it('offers a manager no resend for an admin, and an employee none at all', async () => {
    serve([invited, invitedAdmin]);
    const { unmount } = renderEmployees('/employees', makeToken({ role: 'manager' }));
    await screen.findByRole('link', { name: 'Kiran Rao' });
    expect(within(rowOf('Kiran Rao')).getByText('Invitation pending')).toBeInTheDocument();
    expect(
      within(rowOf('Kiran Rao')).queryByRole('button', { name: /Resend invitation/ }),
    ).not.toBeInTheDocument();
    unmount();

    renderEmployees('/employees', makeToken({ role: 'employee' }));
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(screen.getAllByText('Invitation pending')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Resend invitation/ })).not.toBeInTheDocument();
  });
});

describe('the employee page', () => {
  it("shows 'Invitation pending' and resends the invitation for an admin", async () => {
    const resent = serve([invited, joined]);
    const { user } = renderEmployees(`/employees/${invited.id}`);
    expect(await screen.findByRole('heading', { name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByText('Invitation pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent to meera@example.com')).toBeInTheDocument();
    expect(resent).toEqual([invited.id]);
  });

  it("toasts the server's reason when the invitation cannot be sent", async () => {
    serve([invited], {
      status: 409,
      message:
        "This person has already set a password. They can use 'Forgot password?' on the sign-in page.",
    });
    const { user } = renderEmployees(`/employees/${invited.id}`);
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(/already set a password/)).toBeInTheDocument();
  });

  it('offers nothing once the person has accepted, nor to an employee', async () => {
    serve([invited, joined]);
    const { unmount } = renderEmployees(`/employees/${joined.id}`);
    expect(await screen.findByRole('heading', { name: 'Arjun Nair' })).toBeInTheDocument();
    expect(screen.queryByText('Invitation pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    unmount();

    renderEmployees(`/employees/${invited.id}`, makeToken({ role: 'employee' }));
    expect(await screen.findByText('Invitation pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
  });
});
