import { screen } from '@testing-library/react';
import { setupApiServer } from '@duly/shared/test-utils';
import { renderTasks } from '../../testing/render';

setupApiServer();

describe('paths under /tasks that no screen owns', () => {
  it("show the product's 'Page not found' page with a way back to the dashboard", async () => {
    const { user, currentPath } = renderTasks('/tasks/1/2/3');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is nothing at this address.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(currentPath()).toBe('/dashboard');
  });
});
