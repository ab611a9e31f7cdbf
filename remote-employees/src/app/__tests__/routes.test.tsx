import { screen } from '@testing-library/react';
import { makeEmployee, mockApi, setupApiServer } from '@duly/shared/test-utils';
import { renderEmployees } from '../../testing/render';

const server = setupApiServer();

describe("the spec's /users links", () => {
  it('/users/{id} lands on the employee page at its /employees address', async () => {
    const person = makeEmployee({ firstName: 'Meera', lastName: 'Iyer' });
    server.use(...mockApi({ employees: [person] }).handlers());
    const { currentPath } = renderEmployees(`/users/${person.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/employees/${person.id}`);
  });

  it('/users/{id}/edit lands on the edit form at its /employees address', async () => {
    const person = makeEmployee({ firstName: 'Meera', lastName: 'Iyer' });
    server.use(...mockApi({ employees: [person] }).handlers());
    const { currentPath } = renderEmployees(`/users/${person.id}/edit`);
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^First Name/)).toHaveValue('Meera');
    expect(currentPath()).toBe(`/employees/${person.id}/edit`);
  });

  it('/users lands on the list', async () => {
    server.use(...mockApi({ employees: [] }).handlers());
    const { currentPath } = renderEmployees('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(currentPath()).toBe('/employees');
  });
});

describe('paths under /employees that no screen owns', () => {
  it("show the product's 'Page not found' page with a way back to the dashboard", async () => {
    const { user, currentPath } = renderEmployees('/employees/1/2/3');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(currentPath()).toBe('/dashboard');
  });
});
