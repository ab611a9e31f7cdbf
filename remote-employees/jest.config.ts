import frontendJestConfig from '../scripts/jest/frontend.cjs';

export default frontendJestConfig(__dirname);
