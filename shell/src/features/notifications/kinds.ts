// The bell's own texts: the chrome renders the bell on every signed-in page, so what only the
// panel (noticeText.ts) or the profile page (features/profile/emailKinds.ts) shows lives apart (issue 32).

/** The count on the bell: beyond 99 (the API counts up to 100) it reads "99+". */
export const UNREAD_DISPLAY_MAX = 99;

export function unreadBadgeText(count: number): string {
  return count > UNREAD_DISPLAY_MAX ? `${UNREAD_DISPLAY_MAX}+` : String(count);
}

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${unreadBadgeText(count)} unread` : 'Notifications';
}
