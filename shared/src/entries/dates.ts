// @duly/shared/dates: the Asia/Kolkata date helpers (luxon), loaded by the screens that show
// or edit dates.
export * from '../contract/dates';
