// Jest settings every front-end package shares: jsdom with Node's fetch
// globals (MSW needs them), SWC for TypeScript and JSX, jest-dom matchers.
const path = require('node:path');

/** @param {string} packageDir @returns {import('jest').Config} */
module.exports = function frontendJestConfig(packageDir) {
  return {
    displayName: path.basename(packageDir),
    rootDir: packageDir,
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    transform: {
      '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
      ],
    },
    // ES-module-only files of dependencies (MSW's rettime, until-async, @open-draft/*)
    // are compiled to CommonJS like our own code: jest on Node 20 cannot require ESM.
    transformIgnorePatterns: ['/node_modules/(?!until-async/|.+\\.mjs$)'],
    setupFiles: [path.join(__dirname, 'polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.cjs')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    moduleNameMapper: {
      '\\.(css|png|svg)$': path.join(__dirname, 'file-stub.cjs'),
      // As in the builds (scripts/webpack/shared-deps.cjs): the apps' router is @duly/shared's
      // entry, so a test fails when a screen imports a name that entry does not re-export.
      '^react-router-dom$': path.join(__dirname, '../../shared/src/router/index.ts'),
    },
  };
};
