import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routesOutside } from '../../shell/src/features/remotes/routeTable';
import { readRemoteRegistry, registryProblems } from '../remote-registry.cjs';

// remotes.json is the only list of remotes: these checks make a wrong or incomplete entry fail
// `npm test` instead of silently dropping a remote's build, tests or routes.
const ROOT = path.resolve(__dirname, '../..');
const remotes = readRemoteRegistry();

describe('the remote registry (remotes.json)', () => {
  it('is valid', () => {
    expect(
      registryProblems(JSON.parse(readFileSync(path.join(ROOT, 'remotes.json'), 'utf8'))),
    ).toEqual([]);
  });

  it('names every remote-* package of the repository, and only those', () => {
    const packages = readdirSync(ROOT).filter(
      (name) => name.startsWith('remote-') && existsSync(path.join(ROOT, name, 'package.json')),
    );
    expect(remotes.map((remote) => remote.package).sort()).toEqual(packages.sort());
  });

  it.each(remotes.map((remote) => [remote.package, remote] as const))(
    '%s: code has a jest config (so the root run includes its tests) and a webpack config',
    (pkg) => {
      const dir = path.join(ROOT, pkg);
      if (!existsSync(path.join(dir, 'src'))) return; // a skeleton: nothing to test or build yet
      expect(existsSync(path.join(dir, 'jest.config.ts'))).toBe(true);
      expect(existsSync(path.join(dir, 'webpack.config.cjs'))).toBe(true);
    },
  );

  it.each(remotes.map((remote) => [remote.package, remote] as const))(
    '%s renders routes only inside the paths it owns',
    async (pkg, remote) => {
      const routesFile = path.join(ROOT, pkg, 'src/app/routes.tsx');
      if (!existsSync(routesFile)) return; // a skeleton: no routes yet
      const { routePaths } = (await import(routesFile)) as { routePaths?: string[] };
      expect(routePaths?.length).toBeGreaterThan(0);
      expect(routesOutside(routePaths!, remote.routes)).toEqual([]);
    },
  );
});

describe('registry problems', () => {
  const tasks = {
    name: 'remote_tasks',
    package: 'remote-tasks',
    devPort: 3001,
    routes: ['/tasks/*'],
  };

  it.each([
    [
      'a duplicate dev port',
      [tasks, { ...tasks, name: 'remote_b', package: 'remote-b', routes: ['/b'] }],
      'devPort 3001 is used twice',
    ],
    [
      'a path owned twice',
      [tasks, { ...tasks, name: 'remote_b', package: 'remote-b', devPort: 3009 }],
      'route /tasks/* is owned by another remote already',
    ],
    [
      'a malformed path',
      [{ ...tasks, routes: ['tasks'] }],
      'route "tasks" must look like /tasks or /tasks/*',
    ],
    [
      'a nav entry without a label',
      [{ ...tasks, nav: { to: '/tasks', icon: 'tasks', order: 1 } }],
      'nav needs a label',
    ],
    [
      'a first request without the endpoint it answers',
      [{ ...tasks, firstRequests: { '/tasks': { request: '/tasks/?limit=50' } } }],
      'firstRequests maps page paths (/tasks) to { request',
    ],
    [
      'a first request as a bare string',
      [{ ...tasks, firstRequests: { '/tasks': '/tasks/?limit=50' } }],
      'firstRequests maps page paths (/tasks) to { request',
    ],
  ])('names %s', (_case, list, message) => {
    expect(registryProblems({ remotes: list }).join('\n')).toContain(message);
  });
});
