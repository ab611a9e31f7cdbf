export {
  rootReducer,
  createAppStore,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type LazyLoadedSlices,
  type RootState,
  type AppStore,
  type AppDispatch,
} from './store';
