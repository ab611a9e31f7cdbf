// Test helpers for front-end packages: `@duly/shared/test-utils`. Never imported by app code.
export {
  renderWithProviders,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from './renderWithProviders';
export { makeToken, TEST_USER_CLAIMS } from './tokens';
export { setupApiServer, apiUrl, loginRedirect, TEST_API_BASE_URL } from './server';
export { contrastRatio, flatten } from './contrast';
