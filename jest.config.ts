import type { Config } from 'jest';

// One jest run over every package. Each package keeps its own jest.config.ts
// (environment, setup files); this file only lists them.
const config: Config = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/api',
    '<rootDir>/shell',
    '<rootDir>/remote-tasks',
    '<rootDir>/remote-certificates',
    '<rootDir>/remote-employees',
    '<rootDir>/remote-team',
  ],
};

export default config;
