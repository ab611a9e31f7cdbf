// `@duly/shared/standalone`: a remote's standalone dev page. Only a remote's standalone entry
// imports it, so it never reaches what the shell ships to users.
//
// Module Federation trap: `@duly/shared` is a shared singleton, and only imports of that exact
// name go through the share scope. These files therefore import the library as `@duly/shared`,
// never by a relative path into `../api` or `../store`: a relative import would bundle a second
// copy of baseApi and the store into the page.
export { mountStandalone, type StandaloneOptions } from './mountStandalone';
export { StandaloneApp, type StandaloneAppProps } from './StandaloneApp';
export { StandaloneSignIn, SIGN_IN_FAILED } from './StandaloneSignIn';
