// Test helpers for front-end packages: `@duly/shared/test-utils`. Never imported by app code.
export {
  renderWithProviders,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
} from './renderWithProviders';
export { makeToken, TEST_USER_CLAIMS } from './tokens';
export { setupApiServer, apiUrl, loginRedirect, TEST_API_BASE_URL } from './server';
export { contrastRatio, flatten } from './contrast';
export { pinClock, unpinClock } from './clock';
export { holdRequests, neverAnswers, type RequestHold } from './holds';
export {
  ORGANIZATION_ID,
  uuid,
  priya,
  rahul,
  personRef,
  testUserRef,
  makeOrganization,
  makeEmployee,
  makeTeamMember,
  makeTask,
  makeCertificate,
  makeManagerTaskItem,
  makeMyTaskItem,
  makeManagerCertificateItem,
  makeMyCertificateItem,
  makeDashboard,
  makeSessionUser,
} from './fixtures';
export {
  mockApi,
  tasksBackend,
  failingResource,
  MOCK_SORTS,
  TEST_PASSWORD,
  type MockApi,
  type MockApiData,
  type MockAccount,
  type MockResource,
  type LoggedRequest,
} from './mockApi';
