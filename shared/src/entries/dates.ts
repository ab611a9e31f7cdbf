// @duly/shared/dates: the Asia/Kolkata date helpers (no date library since issue 32), for the
// screens that show or edit dates. The activity history's sentences and ages are
// `@duly/shared/activity`'s since 3.0.0 (issue 32).
export * from '../contract/dates';
