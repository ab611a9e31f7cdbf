import type { Config } from 'jest';

// One jest run over every package: every folder with a jest.config.ts (each keeps its own
// environment and setup files). A glob, not a list, so no package's tests can be left out;
// scripts/__tests__ checks that every registered remote with code has a jest.config.ts.
const config: Config = {
  projects: ['<rootDir>/*/jest.config.ts'],
};

export default config;
