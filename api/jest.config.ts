import type { Config } from 'jest';

const config: Config = {
  displayName: 'api',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': '@swc/jest' },
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
};

export default config;
