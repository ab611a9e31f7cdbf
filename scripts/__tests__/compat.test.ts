import { readFileSync } from 'node:fs';
import path from 'node:path';

import { compatProblems, compatVerdict, providedEntry } from '../compat.cjs';
import { sharedDependencies } from '../webpack/shared-deps.cjs';
import { shellManifest } from '../webpack/version-contract.cjs';

const shell = {
  name: 'shell',
  federationRuntime: '2.9.2',
  externalRuntime: true,
  provides: {
    react: { version: '19.2.3', singleton: true },
    'react/': { version: '19.2.3', singleton: true },
    '@duly/shared': { version: '1.1.0', singleton: true },
    formik: { version: '2.4.9', singleton: false },
  },
};

function remote(
  shared: {
    name: string;
    requiredVersion: string;
    singleton?: boolean;
    assets?: { js: { sync: string[]; async: string[] } };
  }[],
  pluginVersion = '2.9.2',
) {
  return {
    metaData: { name: 'remote_tasks', pluginVersion, buildInfo: { buildVersion: '0.1.0' } },
    shared: shared.map((entry) => ({ singleton: true, version: '0.0.0', ...entry })),
  };
}

describe('compatProblems', () => {
  it('accepts a remote whose ranges the shell satisfies, a newer minor and patch included', () => {
    const built = remote([
      { name: '@duly/shared', requiredVersion: '^1.0.0' },
      { name: 'react', requiredVersion: '^19.2.0' },
      { name: 'react/jsx-runtime', requiredVersion: '^19.2.0' },
    ]);
    expect(compatProblems(shell, built)).toEqual([]);
    expect(compatVerdict(shell, built)).toMatchObject({ ok: true });
    expect(compatVerdict(shell, built).text).toBe(
      'yes: remote_tasks 0.1.0 can run in this shell (@duly/shared 1.1.0, runtime 2.9.2).',
    );
  });

  it('names the package and both versions for a singleton outside the range', () => {
    const built = remote([{ name: '@duly/shared', requiredVersion: '^2.0.0' }]);
    expect(compatProblems(shell, built)).toEqual([
      {
        package: '@duly/shared',
        required: '^2.0.0',
        provided: '1.1.0',
        message: 'remote_tasks needs @duly/shared ^2.0.0; the shell provides 1.1.0.',
      },
    ]);
    expect(compatVerdict(shell, built)).toMatchObject({
      ok: false,
      text: 'no: remote_tasks 0.1.0 cannot run in this shell:\n  remote_tasks needs @duly/shared ^2.0.0; the shell provides 1.1.0.',
    });
  });

  it('refuses a remote built against a newer minor than the shell provides', () => {
    const built = remote([{ name: '@duly/shared', requiredVersion: '^1.2.0' }]);
    expect(compatProblems(shell, built).map((problem) => problem.provided)).toEqual(['1.1.0']);
  });

  it('reads a subpath through its package entry and names the package once', () => {
    const built = remote([
      { name: 'react', requiredVersion: '^20.0.0' },
      { name: 'react/jsx-runtime', requiredVersion: '^20.0.0' },
    ]);
    expect(providedEntry(shell.provides, 'react/jsx-runtime')?.version).toBe('19.2.3');
    expect(compatProblems(shell, built).map((problem) => problem.package)).toEqual(['react']);
  });

  it('refuses an entry point of @duly/shared that an older shell does not provide', () => {
    const built = remote([{ name: '@duly/shared/core', requiredVersion: '^1.1.0' }]);
    const oldShell = {
      ...shell,
      provides: { '@duly/shared': { version: '1.0.0', singleton: true } },
    };
    expect(compatProblems(oldShell, built)).toEqual([
      expect.objectContaining({ package: '@duly/shared', required: '^1.1.0', provided: '1.0.0' }),
    ]);
    const newShell = {
      ...shell,
      provides: { ...shell.provides, '@duly/shared/core': { version: '1.1.0', singleton: true } },
    };
    expect(compatProblems(newShell, built)).toEqual([]);
  });

  it('ignores packages that are not singletons and singletons the shell does not provide', () => {
    const built = remote([
      { name: 'formik', requiredVersion: '^3.0.0', singleton: false },
      { name: 'left-pad', requiredVersion: '^9.0.0' },
    ]);
    expect(compatProblems(shell, built)).toEqual([]);
  });

  it('refuses a production remote (no copies of its own) whose shared package the shell lacks', () => {
    const noCopy = { js: { sync: [] as string[], async: [] as string[] } };
    const ownCopy = { js: { sync: ['636.530327f78a.js'], async: [] as string[] } };
    const built = remote([
      { name: '@duly/shared', requiredVersion: '^1.0.0', assets: noCopy },
      { name: 'notistack', requiredVersion: '^3.0.2', assets: noCopy },
      { name: 'yup', requiredVersion: '^1.7.1', singleton: false, assets: noCopy },
      // A development build's own copy: the shell need not provide it.
      { name: 'luxon', requiredVersion: '^3.7.2', assets: ownCopy },
    ]);
    expect(compatProblems(shell, built)).toEqual([
      {
        package: 'notistack',
        required: '^3.0.2',
        provided: null,
        message:
          'remote_tasks needs notistack ^3.0.2 and carries no copy of it; the shell provides none.',
      },
      expect.objectContaining({ package: 'yup', required: '^1.7.1', provided: null }),
    ]);
  });

  it('checks the federation runtime the remote expects from the shell', () => {
    expect(compatProblems(shell, remote([], '2.9.0'))).toEqual([]);
    expect(compatProblems(shell, remote([], '2.10.0'))).toEqual([
      expect.objectContaining({
        package: '@module-federation/runtime',
        required: '^2.10.0',
        provided: '2.9.2',
      }),
    ]);
    expect(compatProblems(shell, remote([], '3.0.0'))).toHaveLength(1);
  });
});

describe('the shared settings and the shell manifest', () => {
  it('shares every entry point of @duly/shared but the development ones, as singletons', () => {
    const shared = sharedDependencies(path.join(__dirname, '../../shell'));
    const entries = Object.keys(shared).filter((name) => name.startsWith('@duly/shared/'));
    expect(entries).toEqual(
      expect.arrayContaining(['@duly/shared/core', '@duly/shared/ui', '@duly/shared/dates']),
    );
    expect(entries).not.toContain('@duly/shared/test-utils');
    expect(entries).not.toContain('@duly/shared/standalone');
    for (const entry of entries) {
      expect(shared[entry]).toMatchObject({
        singleton: true,
        version: shared['@duly/shared'].version,
      });
    }
  });

  it('requires the ranges of the building package, not ^installed', () => {
    const shared = sharedDependencies(`${__dirname}/../../remote-tasks`);
    expect(shared['@duly/shared']).toMatchObject({
      singleton: true,
      strictVersion: true,
      requiredVersion: '^3.0.0',
    });
    expect(shared.react.requiredVersion).toBe('^19.2.0');
    expect(shared['react/'].requiredVersion).toBe('^19.2.0');
  });

  it('lists every shared package with the version the shell bundles', () => {
    const manifest = shellManifest(sharedDependencies(`${__dirname}/../../shell`));
    expect(manifest.provides['@duly/shared']).toEqual({ version: '3.0.0', singleton: true });
    expect(manifest.provides['@duly/shared/core']).toEqual({ version: '3.0.0', singleton: true });
    expect(manifest.provides.formik.singleton).toBe(false);
    expect(manifest.federationRuntime).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('a remote built on the previous major of @duly/shared (2.x)', () => {
  // remote-tasks' mf-manifest.json as built on @duly/shared 2.0.0, before Redux Toolkit left the
  // share scope and the activity and document names left /core (3.0.0, issue 32): it requires
  // `@duly/shared ^2.0.0` of every entry it imports and shares @reduxjs/toolkit itself.
  const builtOnTwo = JSON.parse(
    readFileSync(
      path.join(__dirname, 'fixtures/remote-tasks-on-shared-2.0.0.mf-manifest.json'),
      'utf8',
    ),
  );
  const shell3 = shellManifest(sharedDependencies(path.join(__dirname, '../../shell')));

  it('is refused by the 3.x shell with the contract message naming both versions', () => {
    const verdict = compatVerdict(shell3, builtOnTwo);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      expect.objectContaining({ package: '@duly/shared', required: '^2.0.0', provided: '3.0.0' }),
    ]);
    expect(verdict.text).toBe(
      'no: remote_tasks 0.1.0 cannot run in this shell:\n  remote_tasks needs @duly/shared ^2.0.0; the shell provides 3.0.0.',
    );
  });

  it('asks for a Redux Toolkit the 3.x shell no longer provides: it lives inside /core', () => {
    const names = builtOnTwo.shared.map((entry: { name: string }) => entry.name);
    expect(names).toContain('@reduxjs/toolkit');
    expect(names).toContain('@duly/shared/core');
    expect(providedEntry(shell3.provides, '@reduxjs/toolkit')).toBeUndefined();
    expect(providedEntry(shell3.provides, '@reduxjs/toolkit/query/react')).toBeUndefined();
    expect(shell3.provides.redux).toBeUndefined();
    expect(shell3.provides['react-redux']).toMatchObject({ singleton: true });
    expect(shell3.provides['@duly/shared/activity']).toEqual({ version: '3.0.0', singleton: true });
    expect(shell3.provides['@duly/shared/documents']).toEqual({
      version: '3.0.0',
      singleton: true,
    });
  });
});

describe('a remote built two majors back (1.x)', () => {
  // remote-tasks' mf-manifest.json as built on @duly/shared 1.3.0, before the router entry
  // (2.0.0, issue 32): it requires `@duly/shared ^1.3.0` and shares react-router(-dom) itself.
  const builtOnOne = JSON.parse(
    readFileSync(
      path.join(__dirname, 'fixtures/remote-tasks-on-shared-1.3.0.mf-manifest.json'),
      'utf8',
    ),
  );
  const shell3 = shellManifest(sharedDependencies(path.join(__dirname, '../../shell')));

  it('is refused with the contract message naming both versions', () => {
    const verdict = compatVerdict(shell3, builtOnOne);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      expect.objectContaining({ package: '@duly/shared', required: '^1.3.0', provided: '3.0.0' }),
    ]);
    expect(verdict.text).toBe(
      'no: remote_tasks 0.1.0 cannot run in this shell:\n  remote_tasks needs @duly/shared ^1.3.0; the shell provides 3.0.0.',
    );
  });

  it('would otherwise bring its own router: the shell shares @duly/shared/router instead', () => {
    expect(builtOnOne.shared.map((entry: { name: string }) => entry.name)).toContain(
      'react-router-dom',
    );
    expect(shell3.provides['react-router-dom']).toBeUndefined();
    expect(shell3.provides['react-router']).toBeUndefined();
    expect(shell3.provides['@duly/shared/router']).toEqual({ version: '3.0.0', singleton: true });
  });
});
