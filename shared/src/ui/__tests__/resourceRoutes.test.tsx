import { screen } from '@testing-library/react';
import { remoteRoutes } from '../screen/remoteRoutes';
import { lazyScreens, resourceRoutes } from '../screen/resourceRoutes';
import { renderInRouter } from './renderInRouter';

const ID = '0b7c3c1e-8a47-4d6e-9a55-0c3d2f1e6a01';

function ThingForm() {
  return <p>the form</p>;
}

const { NewThingScreen } = lazyScreens({
  NewThingScreen: () => Promise.resolve({ NewThingScreen: ThingForm, OTHER_EXPORT: 1 }),
});

const { routePaths, Routes } = remoteRoutes(
  resourceRoutes(
    '/things',
    'thingId',
    { list: <p>the list</p>, create: <NewThingScreen />, detail: <p>one thing</p> },
    { import: <p>the import</p> },
  ),
);

const renderAt = (url: string) => renderInRouter(<Routes />, url);

describe('resourceRoutes', () => {
  it('lists the list, the create page, the other pages and the item pages', () => {
    expect(routePaths).toEqual([
      '/things',
      '/things/create',
      '/things/import',
      '/things/:thingId',
      '*',
    ]);
  });

  it.each([
    ['/things', 'the list'],
    ['/things/import', 'the import'],
    [`/things/${ID}`, 'one thing'],
  ])('renders %s', (url, text) => {
    renderAt(url);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('leaves out the create page when there is none', () => {
    const routes = resourceRoutes('/things', 'thingId', { list: null, detail: null, edit: null });
    expect(routes.map((route) => route.path)).toEqual([
      '/things',
      '/things/:thingId',
      '/things/:thingId/edit',
    ]);
  });
});

describe('lazyScreens', () => {
  it('loads each screen by its exported name when its route is first shown', async () => {
    renderAt('/things/create');
    expect(await screen.findByText('the form')).toBeInTheDocument();
  });

  it('refuses a loader whose module does not export the name (a type error)', () => {
    // @ts-expect-error: the module exports no `Missing`.
    const wrong = lazyScreens({ Missing: () => Promise.resolve({ Other: ThingForm }) });
    expect(Object.keys(wrong)).toEqual(['Missing']);
  });
});
