// @duly/shared/activity (3.0.0, issue 32): the activity history, for the screens that show it
// (an item's History section, the organisation's activity screen), both loaded lazily. Its
// endpoint is injected into the one base API when this entry is first imported, and its
// sentences and ages (which format dates) left `/core` and `/dates`, which every list loads.
export * from '../contract/activity';
export { activityApi, useActivityListQuery, type ActivityListParams } from '../api/activity';
