import { readFileSync } from 'node:fs';
import path from 'node:path';

import { classifyLoadFailure, IncompatibleRemoteError } from '../loadFailures';
import versionContractPlugin, {
  checkRemoteManifest,
  providedVersions,
  runtimeRefusal,
  versionMismatches,
} from '../versionContractPlugin';

/** The host options the runtime hands to its hooks: the shell's shared entries, and a remote's. */
const hostOptions = {
  name: 'shell',
  remotes: [],
  shared: {
    react: [
      { version: '19.2.3', from: 'remote_old' },
      { version: '19.3.1', from: 'shell' },
    ],
    '@duly/shared': [{ version: '1.1.0', from: 'shell' }],
  },
};

function manifest(required: Record<string, string>, pluginVersion = '2.9.2') {
  return {
    metaData: { name: 'remote_tasks', pluginVersion, buildInfo: { buildVersion: '0.3.0' } },
    shared: Object.entries(required).map(([name, requiredVersion]) => ({
      name,
      requiredVersion,
      singleton: true,
    })),
  };
}

describe('the version contract at runtime', () => {
  it("reads the shell's own versions, not a remote's", () => {
    expect(providedVersions(hostOptions)).toEqual({ react: '19.3.1', '@duly/shared': '1.1.0' });
  });

  it('accepts ranges the shell satisfies, an older minor of @duly/shared included', () => {
    const provided = providedVersions(hostOptions);
    const built = manifest({
      react: '^19.2.0',
      'react/jsx-runtime': '^19.2.0',
      '@duly/shared': '^1.0.0',
    });
    expect(versionMismatches(provided, built, '2.9.2')).toEqual([]);
  });

  it('names each package the shell cannot serve, and the federation runtime', () => {
    const provided = providedVersions(hostOptions);
    const built = manifest(
      { '@duly/shared': '^2.0.0', react: '^20.0.0', 'react/jsx-runtime': '^20.0.0' },
      '2.10.0',
    );
    expect(versionMismatches(provided, built, '2.9.2')).toEqual([
      { package: '@duly/shared', required: '^2.0.0', provided: '1.1.0' },
      { package: 'react', required: '^20.0.0', provided: '19.3.1' },
      { package: '@module-federation/runtime', required: '^2.10.0', provided: '2.9.2' },
    ]);
  });

  it('refuses a production remote (no copies of its own) that needs a package the shell lacks', () => {
    const provided = providedVersions(hostOptions);
    const noCopy = { js: { sync: [], async: [] } };
    const built = {
      ...manifest({}),
      shared: [
        { name: 'react', requiredVersion: '^19.2.0', singleton: true, assets: noCopy },
        { name: 'notistack', requiredVersion: '^3.0.2', singleton: true, assets: noCopy },
        // A development build's own copy: nothing to agree on.
        {
          name: 'luxon',
          requiredVersion: '^3.7.2',
          singleton: true,
          assets: { js: { sync: ['636.js'], async: [] } },
        },
      ],
    };
    expect(versionMismatches(provided, built, '2.9.2')).toEqual([
      { package: 'notistack', required: '^3.0.2', provided: 'none' },
    ]);
    expect(() => checkRemoteManifest('remote_tasks', built, hostOptions, '2.9.2')).toThrow(
      'The remote "remote_tasks" needs notistack ^3.0.2 (the shell provides none).',
    );
  });

  it('refuses an incompatible manifest before any code of the remote is fetched', async () => {
    const call = () =>
      checkRemoteManifest(
        'remote_tasks',
        manifest({ '@duly/shared': '^1.2.0' }),
        hostOptions,
        '2.9.2',
      );
    expect(call).toThrow(IncompatibleRemoteError);
    expect(call).toThrow(
      'The remote "remote_tasks" needs @duly/shared ^1.2.0 (the shell provides 1.1.0).',
    );
    expect(() =>
      checkRemoteManifest(
        'remote_tasks',
        manifest({ '@duly/shared': '^1.0.0' }),
        hostOptions,
        '2.9.2',
      ),
    ).not.toThrow();
  });

  it("turns the runtime's own strict-version refusal into the same error", async () => {
    const refusal = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @duly/shared does not satisfy the requirement of remote_tasks which needs ^2.0.0)',
    );
    expect(runtimeRefusal(refusal)).toEqual({
      package: '@duly/shared',
      required: '^2.0.0',
      provided: '1.0.0',
    });
    const plugin = versionContractPlugin();
    const hook = plugin.errorLoadRemote!;
    await expect(
      (async () => hook({ error: refusal, remote: { name: 'remote_tasks' } } as never))(),
    ).rejects.toBeInstanceOf(IncompatibleRemoteError);
    const network = new Error('ScriptNetworkError: Failed to load script');
    expect(hook({ error: network, remote: { name: 'remote_tasks' } } as never)).toBeUndefined();
  });

  it('classifies failures: incompatible ones are never worth a retry', () => {
    expect(classifyLoadFailure(new IncompatibleRemoteError('remote_tasks', []))).toBe(
      'incompatible',
    );
    expect(classifyLoadFailure(new Error('Loading chunk 42 failed.'))).toBe('unavailable');
    expect(classifyLoadFailure(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(classifyLoadFailure('a string')).toBe('unavailable');
  });
});

describe('a remote built on the previous major of @duly/shared', () => {
  it('is refused before any of its code is fetched, with the version message', () => {
    // remote-tasks as built on @duly/shared 2.0.0 (scripts/__tests__/fixtures), in a shell
    // that provides 3.0.0 (Redux Toolkit inside /core, the activity and documents entries,
    // issue 32).
    const builtOnTwo = JSON.parse(
      readFileSync(
        path.join(
          __dirname,
          '../../../../../scripts/__tests__/fixtures/remote-tasks-on-shared-2.0.0.mf-manifest.json',
        ),
        'utf8',
      ),
    );
    const shell3 = {
      ...hostOptions,
      shared: { '@duly/shared': [{ version: '3.0.0', from: 'shell' }] },
    };
    const call = () =>
      checkRemoteManifest('remote_tasks', builtOnTwo, shell3, builtOnTwo.metaData.pluginVersion);
    expect(call).toThrow(IncompatibleRemoteError);
    expect(call).toThrow(
      'The remote "remote_tasks" needs @duly/shared ^2.0.0 (the shell provides 3.0.0).',
    );
  });
});
