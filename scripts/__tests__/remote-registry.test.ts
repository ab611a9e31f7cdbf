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
  const first = { request: '/tasks/?limit=50', endpoint: 'tasksList' };

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
    [
      'a first request limited to a role the API does not know',
      [{ ...tasks, firstRequests: { '/tasks': [{ ...first, roles: ['owner'] }] } }],
      'firstRequests maps page paths',
    ],
    [
      'an empty list of first requests',
      [{ ...tasks, firstRequests: { '/tasks': [] } }],
      'firstRequests maps page paths',
    ],
    [
      'first requests with arguments that are not a list',
      [{ ...tasks, firstRequests: { '/tasks': { ...first, args: { limit: 10 } } } }],
      'firstRequests maps page paths',
    ],
    [
      'a first request of a splat path',
      [{ ...tasks, firstRequests: { '/tasks/*': first } }],
      'firstRequests maps page paths',
    ],
    [
      'a misspelt field of a first request',
      [{ ...tasks, firstRequests: { '/tasks': { ...first, role: ['admin'] } } }],
      'firstRequests maps page paths',
    ],
  ])('names %s', (_case, list, message) => {
    expect(registryProblems({ remotes: list }).join('\n')).toContain(message);
  });

  it("names a shell whose first requests are malformed, and accepts the shell's / page", () => {
    expect(
      registryProblems({ remotes: [tasks], shell: { firstRequests: { '/': 'x' } } }).join('\n'),
    ).toContain('remotes.json shell: firstRequests maps page paths');
    expect(registryProblems({ remotes: [tasks], shell: [] })).toEqual([
      'remotes.json shell must be an object.',
    ]);
    expect(
      registryProblems({ remotes: [tasks], shell: { firstRequests: { '/': [first] } } }),
    ).toEqual([]);
    // `/` is the shell's: a remote cannot declare it.
    expect(registryProblems({ remotes: [{ ...tasks, firstRequests: { '/': first } }] })).toEqual([
      expect.stringContaining('firstRequests maps page paths'),
    ]);
  });

  it('accepts one first request or a list, with arguments and roles', () => {
    const remote = {
      ...tasks,
      firstRequests: {
        '/tasks': first,
        '/tasks/dashboard': [
          { ...first, args: [] },
          { ...first, args: [{ limit: 10, offset: 0 }], roles: ['manager', 'admin'] },
        ],
      },
    };
    expect(registryProblems({ remotes: [remote] })).toEqual([]);
  });
});
