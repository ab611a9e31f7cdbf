/**
 * The app's one store: the shared api cache and the session. Remotes that need
 * a slice of their own inject it with `rootReducer.inject(slice)` and declare
 * it by augmenting `LazyLoadedSlices`:
 *
 *   declare module '@duly/shared' {
 *     interface LazyLoadedSlices extends WithSlice<typeof mySlice> {}
 *   }
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { baseApi } from '../api/baseApi';
import { authSlice } from '../auth/authSlice';

// Filled by declaration merging in the packages that inject slices.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  baseApi,
  authSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
