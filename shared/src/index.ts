// @duly/shared: the platform library. The shell provides it to every remote
// as a Module Federation singleton, so there is one store, one base API and
// one theme at runtime. See docs/shared-library.md.
export * from './contract';
export * from './api';
export * from './auth';
export * from './store';
export * from './ui';
export * from './list';
// What left `/core` in 3.0.0 (issue 32): the activity endpoint (its sentences come with the
// contract above) and the documents; the imports' endpoints come with `./ui`.
export { activityApi, useActivityListQuery, type ActivityListParams } from './api/activity';
export * from './entries/documents';
