import { screen } from '@testing-library/react';
import { setupApiServer } from '@duly/shared/test-utils';
import { renderCertificates } from '../../testing/render';

setupApiServer();

describe('paths under /certificates that no screen owns', () => {
  it("show the product's 'Page not found' page with a way back to the dashboard", async () => {
    const { user, currentPath } = renderCertificates('/certificates/1/2/3');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(currentPath()).toBe('/dashboard');
  });
});
