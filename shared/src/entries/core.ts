// @duly/shared/core: what every screen needs before it renders, the store, the base API,
// the session and the React-free contract without dates or form schemas (so without luxon and
// yup). Shared as its own singleton: the same modules as the root entry's, in the build that
// provides them (the shell), so there is still one store and one base API.
export * from '../contract/types';
export * from '../contract/constants';
export * from '../contract/status';
export * from '../contract/initials';
export * from '../contract/personName';
export * from '../contract/roles';
export * from '../contract/complianceLinks';
export * from '../contract/paths';
export * from '../contract/text';
// The certificate types' rules and the compliance states (issue 28): no date library, no yup.
export * from '../contract/certificateTypes';
export * from '../api';
export * from '../auth';
export * from '../store';
