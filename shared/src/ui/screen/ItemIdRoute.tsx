import { type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../NotFoundPage';

/** The shape of every item id the API hands out (a UUID). */
const ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name an item at all (`/employees/new` cannot). */
export function isItemId(id: string | undefined): boolean {
  return id !== undefined && ITEM_ID.test(id);
}

export interface ItemIdRouteProps {
  /** The route's parameter holding the id (`employeeId` of `/employees/:employeeId`). */
  param: string;
  children: ReactNode;
}

/**
 * An item page's route: an address whose id cannot be an id (`/employees/new`, a typo in
 * `/tasks/crate`) is a page that does not exist, so it shows "Page not found" rather than the
 * item screen's "Employee not found" (kept for an id that names no item of the organisation).
 */
export function ItemIdRoute({ param, children }: ItemIdRouteProps) {
  const id = useParams()[param];
  return isItemId(id) ? <>{children}</> : <NotFoundPage />;
}
