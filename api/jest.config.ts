import type { Config } from 'jest';

const config: Config = {
  displayName: 'api',
  testEnvironment: 'node',
  // typebox ships ES modules only (.mjs); SWC turns them, and our TypeScript, into CommonJS.
  transform: { '^.+\\.(ts|mjs)$': '@swc/jest' },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  // Each PostgreSQL test file creates and drops its own database; give slow machines room.
  testTimeout: 30_000,
};

export default config;
