import type { Config } from 'jest';

declare function frontendJestConfig(packageDir: string): Config;
export = frontendJestConfig;
