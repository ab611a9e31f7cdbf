import frontendJestConfig from './jest/frontend.cjs';

// The platform's own checks (scripts/__tests__): the remote registry against the packages.
export default {
  ...frontendJestConfig(__dirname),
  displayName: 'platform',
  testMatch: ['<rootDir>/__tests__/**/*.test.{ts,tsx}'],
};
