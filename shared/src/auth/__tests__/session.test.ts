import { baseApi } from '../../api/baseApi';
import { createAppStore } from '../../store/store';
import { makeToken } from '../../test-utils/tokens';
import { loggedIn, loggedOut, sessionRestored } from '../actions';
import {
  selectCurrentUser,
  selectIsAuthenticated,
  selectRole,
  selectCanManage,
  selectSession,
  selectSessionStatus,
  selectToken,
} from '../selectors';

/** An endpoint to put something in the cache; it never fetches. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testSessionProbe: build.query<string, void>({ query: () => ({ url: '/never/' }) }),
  }),
  overrideExisting: 'throw',
});

const nowInSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => localStorage.clear());

describe('the session', () => {
  it('is loading until start-up has looked at the stored token', () => {
    const store = createAppStore();
    expect(selectSession(store.getState())).toEqual({ status: 'loading', user: null });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('is anonymous at start-up without a stored token', () => {
    const store = createAppStore();
    store.dispatch(sessionRestored());
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectCurrentUser(store.getState())).toBeNull();
  });

  it('is authenticated at start-up with a valid stored token', () => {
    const token = makeToken({ role: 'Manager', full_name: 'Ravi Kumar' });
    localStorage.setItem('token', token);
    const store = createAppStore();

    store.dispatch(sessionRestored());

    const state = store.getState();
    expect(selectSessionStatus(state)).toBe('authenticated');
    expect(selectIsAuthenticated(state)).toBe(true);
    expect(selectCurrentUser(state)?.full_name).toBe('Ravi Kumar');
    expect(selectRole(state)).toBe('Manager');
    expect(selectCanManage(state)).toBe(true);
    expect(selectToken(state)).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('does not let an employee, or nobody, manage tasks and certificates', () => {
    const store = createAppStore();
    expect(selectCanManage(store.getState())).toBe(false);
    localStorage.setItem('token', makeToken({ role: 'Employee' }));
    store.dispatch(sessionRestored());
    expect(selectCanManage(store.getState())).toBe(false);
  });

  it('removes an expired stored token at start-up', () => {
    localStorage.setItem('token', makeToken({ exp: nowInSeconds() - 1 }));
    const store = createAppStore();

    store.dispatch(sessionRestored());

    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes an undecodable stored token at start-up', () => {
    localStorage.setItem('token', 'garbage');
    const store = createAppStore();

    store.dispatch(sessionRestored());

    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores the token and authenticates on login, dropping answers cached before', async () => {
    const token = makeToken({ email: 'ravi@example.com' });
    const store = createAppStore();
    store.dispatch(sessionRestored());
    await store.dispatch(probeApi.util.upsertQueryData('testSessionProbe', undefined, 'cached'));

    store.dispatch(loggedIn(token));

    expect(localStorage.getItem('token')).toBe(token);
    expect(selectCurrentUser(store.getState())).toMatchObject({ email: 'ravi@example.com', token });
    expect(store.getState().api.queries).toEqual({});
  });

  it('stays anonymous when the login answer holds an unusable token', () => {
    const store = createAppStore();

    store.dispatch(loggedIn('garbage'));

    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes the token and forgets cached answers on logout', async () => {
    localStorage.setItem('token', makeToken());
    const store = createAppStore();
    store.dispatch(sessionRestored());
    await store.dispatch(probeApi.util.upsertQueryData('testSessionProbe', undefined, 'cached'));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(loggedOut());

    expect(localStorage.getItem('token')).toBeNull();
    expect(selectSession(store.getState())).toEqual({ status: 'anonymous', user: null });
    expect(store.getState().api.queries).toEqual({});
  });
});
