import type { Config } from 'jest';

// One jest run over every package. Each package keeps its own jest.config.ts
// (environment, setup files); this file only lists them. The certificates,
// employees and team remotes join the list when their first screen lands.
const config: Config = {
  projects: ['<rootDir>/shared', '<rootDir>/api', '<rootDir>/shell', '<rootDir>/remote-tasks'],
};

export default config;
