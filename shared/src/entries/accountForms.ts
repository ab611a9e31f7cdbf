// @duly/shared/account-forms: the sign-in, sign-up, password and profile form rules (yup
// only), for screens that must not wait for luxon or the domain schemas.
export * from '../contract/accountSchemas';
