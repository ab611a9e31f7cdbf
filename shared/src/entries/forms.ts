// @duly/shared/forms: the domain forms' rules (yup): the task, certificate and employee schemas
// with their form values and initial values. Only a remote's form screens import it, loaded
// with `lazyScreen`, so yup and formik stay off the read-only screens (issue 32). A remote
// imports the narrow entries only, never the root (an ESLint rule, eslint.config.mjs).
export * from '../contract/schemas';
