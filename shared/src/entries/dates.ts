// @duly/shared/dates: the Asia/Kolkata date helpers (no date library since issue 32), for the
// screens that show or edit dates.
export * from '../contract/dates';
// The activity history's sentences and ages (issue 29), which format dates.
export * from '../contract/activity';
