/**
 * The app's one store: the shared api cache and the session. Remotes that need
 * a slice of their own inject it with `rootReducer.inject(slice)` and declare
 * it by augmenting `LazyLoadedSlices`:
 *
 *   declare module '@duly/shared' {
 *     interface LazyLoadedSlices extends WithSlice<typeof mySlice> {}
 *   }
 */
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { baseApi } from '../api/baseApi';
import type { ApiExtra, KnownAnswers } from '../api/session';
import { sessionExpired } from '../auth/actions';
import { authSlice, sessionChanged } from '../auth/authSlice';
import { selectToken } from '../auth/selectors';

// Filled by declaration merging in the packages that inject slices.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  baseApi,
  authSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The store is where the api and the session meet (they do not import each other): the base
 * query reads the token from the session and ends it on a 401 through `extra.apiSession`, and a
 * change of person drops the api cache.
 */
const apiExtra: ApiExtra = {
  apiSession: {
    token: (state) => selectToken(state as RootState),
    expired: sessionExpired,
  },
};

export function createAppStore(
  preloadedState?: Partial<RootState>,
  { knownAnswers }: { knownAnswers?: KnownAnswers } = {},
) {
  const sessionListener = createListenerMiddleware();
  sessionListener.startListening({
    actionCreator: sessionChanged,
    effect: (_action, { dispatch }) => {
      dispatch(baseApi.util.resetApiState());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: knownAnswers ? { ...apiExtra, knownAnswers } : apiExtra },
      })
        .prepend(sessionListener.middleware)
        .concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
