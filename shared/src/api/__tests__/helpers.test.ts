import { apiConfig, configureApi, resolveApiBaseUrl } from '../config';
import { apiErrorMessage, isApiError } from '../errors';
import { toPage } from '../toPage';
import type * as unauthorized from '../unauthorized';
import {
  clearSessionEndedNotice,
  redirectToLogin,
  sessionEndedNotice,
  setUnauthorizedHandler,
} from '../unauthorized';

describe('resolveApiBaseUrl', () => {
  it('uses the configured value, without a trailing slash', () => {
    expect(resolveApiBaseUrl('https://api.example.com/api/v1/')).toBe(
      'https://api.example.com/api/v1',
    );
    expect(resolveApiBaseUrl('/api/v1')).toBe('/api/v1');
  });

  it.each([undefined, null, '', '   '])(
    'falls back to /api/v1 on the page host for %j',
    (value) => {
      expect(resolveApiBaseUrl(value)).toBe(`${window.location.origin}/api/v1`);
    },
  );
});

describe('configureApi', () => {
  it('sets the base URL and keeps the retry delay unless told', () => {
    const before = apiConfig().retryDelayMs;
    configureApi({ baseUrl: 'https://api.example.com/api/v1' });
    expect(apiConfig()).toEqual({
      baseUrl: 'https://api.example.com/api/v1',
      retryDelayMs: before,
    });
    configureApi({ baseUrl: undefined, retryDelayMs: 0 });
    expect(apiConfig()).toEqual({ baseUrl: `${window.location.origin}/api/v1`, retryDelayMs: 0 });
  });
});

describe('apiErrorMessage', () => {
  it('gives the server message', () => {
    const error = { status: 409, message: 'x', data: { message: 'Email already used', code: 'C' } };
    expect(apiErrorMessage(error, 'Failed to sign up')).toBe('Email already used');
  });

  it.each([
    ['a network failure', { status: 'FETCH_ERROR', message: 'Network Error' }],
    ['an empty server message', { status: 500, message: '', data: { message: ' ', code: 'C' } }],
    ['a thrown Error', new Error('boom')],
    ['nothing', undefined],
  ])('gives the fallback for %s', (_case, error) => {
    expect(apiErrorMessage(error, 'Failed to sign up')).toBe('Failed to sign up');
  });
});

describe('isApiError', () => {
  it('recognises what the base query returns', () => {
    expect(isApiError({ status: 500, message: 'x' })).toBe(true);
    expect(isApiError({ status: 'FETCH_ERROR', message: 'x' })).toBe(true);
    expect(isApiError({ status: 'PARSING_ERROR', message: 'x' })).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('toPage', () => {
  const items = [{ id: 'a' }, { id: 'b' }];

  it('takes the total from X-Total-Count', () => {
    expect(toPage(items, { status: 200, headers: { 'x-total-count': '42' } })).toEqual({
      items,
      total: 42,
    });
  });

  it.each([
    ['no meta', undefined],
    ['no header', { status: 200, headers: {} }],
    ['a bad header', { status: 200, headers: { 'x-total-count': 'many' } }],
    ['an empty header', { status: 200, headers: { 'x-total-count': '' } }],
  ])('counts the items with %s', (_case, meta) => {
    expect(toPage(items, meta)).toEqual({ items, total: 2 });
  });
});

type UnauthorizedModule = typeof unauthorized;

describe('redirectToLogin', () => {
  afterEach(() => setUnauthorizedHandler());

  it('calls the handler set for tests, then the default again once reset', () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    redirectToLogin();
    expect(handler).toHaveBeenCalledTimes(1);

    setUnauthorizedHandler();
    // jsdom cannot navigate; the default handler reaches window.location.assign.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    redirectToLogin();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/navigation/);
    logged.mockRestore();
    // The /login it loads is told why (issue 33). The page being left may show /login itself
    // first (the signed-out router): clearing there must not take the notice from the next.
    expect(sessionEndedNotice()).toBe(true);
    clearSessionEndedNotice();
    expect(sessionEndedNotice()).toBe(true);
    // The /login document that the full load brings (a fresh module) shows it, then clears it.
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('../unauthorized') as UnauthorizedModule;
      expect(fresh.sessionEndedNotice()).toBe(true);
      fresh.clearSessionEndedNotice();
      expect(fresh.sessionEndedNotice()).toBe(false);
    });
    expect(sessionEndedNotice()).toBe(false);
  });
});
