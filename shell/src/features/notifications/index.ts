// The in-app notifications (issue 15): the bell of the top bar and the email switches of the
// profile page.
export { NotificationBell } from './NotificationBell';
export { EmailPreferences } from './EmailPreferences';
