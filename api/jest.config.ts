import type { Config } from 'jest';

const config: Config = {
  displayName: 'api',
  testEnvironment: 'node',
  // typebox (and light-my-request's cookie) ship ES modules only; SWC turns them, and our
  // TypeScript, into CommonJS. Every other dependency is loaded as is.
  transform: {
    '^.+\\.(ts|m?js)$': '@swc/jest',
    // The server's render (issue 32: web/server-render.ts) loads @duly/shared's React source.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  // file-type (documents' magic numbers) and its tokenizers are ES modules only too.
  transformIgnorePatterns: [
    '/node_modules/(?!(.*/)?(typebox|cookie|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|peek-readable)/)',
  ],
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  // Each PostgreSQL test file creates and drops its own database; give slow machines room.
  // (Counts when jest runs from api/ alone; `npm test` runs every project and takes the root
  // jest.config.ts's, the same 30 s.)
  testTimeout: 30_000,
};

export default config;
