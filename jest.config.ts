import type { Config } from 'jest';

// One jest run over every package: every folder with a jest.config.ts (each keeps its own
// environment and setup files). A glob, not a list, so no package's tests can be left out;
// scripts/__tests__ checks that every registered remote with code has a jest.config.ts.
const config: Config = {
  projects: ['<rootDir>/*/jest.config.ts'],
  // A global option: jest-circus reads the run's testTimeout, never a project's, so the API
  // project's 30 s (PostgreSQL test files create and drop a database; password hashing under
  // load) only counts when set here. Without it every test of `npm test` had jest's 5 s.
  testTimeout: 30_000,
};

export default config;
