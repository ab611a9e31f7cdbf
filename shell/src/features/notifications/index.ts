// The in-app notifications (issue 15): the bell of the top bar. The email switches are the
// profile page's (features/profile), so they no longer load with the bell (issue 32).
export { NotificationBell } from './NotificationBell';
