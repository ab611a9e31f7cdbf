// ESLint flat config for every package: typescript-eslint, import-x (no cycles, no imports
// across apps, feature boundaries), react-hooks, and Prettier for formatting.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import registry from './scripts/remote-registry.cjs';

const remotes = registry.readRemoteRegistry().map((remote) => remote.package);
const apps = ['shell', ...remotes];
/** Front-end code never reaches into the API server's source. */
const apiServer = ['**/api/src/**', '@duly/api', '@duly/api/**'];

/** A remote may not import another remote, nor the shell: they meet only through @duly/shared. */
const isolation = (pkg) => ({
  files: [`${pkg}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...['shell', ...remotes]
            .filter((other) => other !== pkg)
            .flatMap((other) => [`**/${other}/**`, `@duly/${other}`, `@duly/${other}/**`]),
          ...apiServer,
        ],
      },
    ],
  },
});

/**
 * A remote's code imports @duly/shared's narrow entries (`/core`, `/kit`, `/ui`, `/list`,
 * `/dates`, `/forms`), never its root: the root re-exports everything, yup and the form schemas
 * included, and the shell provides it as one shared module, so one root import loads the
 * `forms` file on a read-only screen (issue 32). Tests and test helpers may use it. The same
 * patterns as the isolation rule, which this one replaces for the remote's source files.
 */
const narrowLibraryImports = (pkg) => ({
  files: [`${pkg}/src/**/*.{ts,tsx}`],
  ignores: ['**/__tests__/**', '**/*.test.{ts,tsx}', `${pkg}/src/testing/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@duly/shared',
            message:
              'Import the narrow entry instead (@duly/shared/core, /kit, /ui, /list, /dates, /forms): the root loads yup and the form schemas (docs/shared-library.md).',
          },
        ],
        patterns: isolation(pkg).rules['no-restricted-imports'][1].patterns,
      },
    ],
  },
});

/** The feature folders of an app (`shell/src/features/auth`, …). */
function featuresOf(app) {
  const dir = path.join(app, 'src', 'features');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * bulletproof-react's boundaries: imports flow app → features → @duly/shared. A feature uses
 * another feature only through that feature's index (its public face), never its internals,
 * and no feature imports the app folder.
 */
function featureBoundaries(app) {
  const features = featuresOf(app);
  const zones = [
    {
      target: `./${app}/src/features`,
      from: `./${app}/src/app`,
      message: 'Features do not import the app folder: pass what they need in from there.',
    },
    ...features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({
          target: `./${app}/src/features/${feature}`,
          from: `./${app}/src/features/${other}`,
          except: ['./index.ts'],
          message: `Use the ${other} feature through its index, not its internals.`,
        })),
    ),
  ];
  return {
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '.nx/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    settings: {
      // The resolver-next interface: the legacy `node` resolver setting cannot load here
      // and fails on package subpath exports such as `msw/node`.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
      // Without these, import-x does not parse TypeScript files and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `interface LazyLoadedSlices extends WithSlice<typeof slice> {}`: how RTK declares
      // injected slices (declaration merging needs an interface).
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
    },
  },
  ...apps.map(isolation),
  ...remotes.map(narrowLibraryImports),
  ...apps.map(featureBoundaries),
  {
    // Benchmarks and browser tests drive the API through its public entry point (api/src/index.ts).
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./bench', './e2e'],
              from: './api/src',
              except: ['./index.ts'],
              message: 'Use the API through its public entry point, api/src/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Build and test tooling is plain CommonJS run by Node.
    files: ['**/*.cjs', '**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: apiServer }] },
  },
  prettier,
);
