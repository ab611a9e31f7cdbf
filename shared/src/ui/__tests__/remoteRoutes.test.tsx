import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { itemRoutes, remoteRoutes } from '../screen/remoteRoutes';
import { theme } from '../theme';

const ID = '0b7c3c1e-8a47-4d6e-9a55-0c3d2f1e6a01';

const { routePaths, Routes } = remoteRoutes([
  { path: '/things', element: <p>the list</p> },
  ...itemRoutes('/things', 'thingId', { detail: <p>one thing</p>, edit: <p>its form</p> }),
]);

function renderAt(url: string, Shown = Routes) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[url]}>
        <Shown />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('remoteRoutes and itemRoutes', () => {
  it('list the paths, the item pages and the catch-all, for the registry check', () => {
    expect(routePaths).toEqual(['/things', '/things/:thingId', '/things/:thingId/edit', '*']);
  });

  it.each([
    ['/things', 'the list'],
    [`/things/${ID}`, 'one thing'],
    [`/things/${ID}/edit`, 'its form'],
  ])('render %s', (url, text) => {
    renderAt(url);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each(['/things/new', '/things/crate/edit', '/things/1/2/3'])(
    "show 'Page not found' at %s (no item id, or no such page)",
    (url) => {
      renderAt(url);
      expect(screen.getByRole('heading', { name: /not found/i })).toBeInTheDocument();
    },
  );

  it('leave an item without an edit page with the detail route alone', () => {
    expect(itemRoutes('/things', 'thingId', { detail: <p>one</p> }).map((r) => r.path)).toEqual([
      '/things/:thingId',
    ]);
  });

  it('leave unknown paths to the shell with `notFound: false`', () => {
    const exact = remoteRoutes([{ path: '/things', element: <p>the list</p> }], {
      notFound: false,
    });
    expect(exact.routePaths).toEqual(['/things']);
    renderAt('/elsewhere', exact.Routes);
    expect(screen.queryByRole('heading', { name: /not found/i })).not.toBeInTheDocument();
  });
});
