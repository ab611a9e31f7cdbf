/**
 * MSW for front-end tests (CONVENTIONS 11): call `setupApiServer(...handlers)`
 * once at the top of a test file; add per-test answers with `server.use(...)`.
 * A request nobody handles fails the test.
 */
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { configureApi } from '../api/config';
import { setUnauthorizedHandler } from '../api/unauthorized';

export const TEST_API_BASE_URL = 'http://localhost/api/v1';

/** `apiUrl('/tasks/')` → `http://localhost/api/v1/tasks/`, for handlers. */
export function apiUrl(path: string): string {
  return `${TEST_API_BASE_URL}${path}`;
}

/**
 * Stands in for the full page load of /login after a 401 (jsdom cannot
 * navigate): `expect(loginRedirect).toHaveBeenCalled()`.
 */
export const loginRedirect = jest.fn();

export function setupApiServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => {
    // No wait before the one retry of a failed query: tests stay fast.
    configureApi({ baseUrl: TEST_API_BASE_URL, retryDelayMs: 0 });
    setUnauthorizedHandler(loginRedirect);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
    loginRedirect.mockClear();
  });
  afterAll(() => {
    server.close();
    setUnauthorizedHandler();
  });
  return server;
}
