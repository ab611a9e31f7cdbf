// @duly/shared: the platform library. The shell provides it to every remote
// as a Module Federation singleton, so there is one store, one base API and
// one theme at runtime. See docs/shared-library.md.
export * from './contract';
export * from './api';
export * from './auth';
export * from './store';
export * from './ui';
export * from './list';
