import { useLocalPage, type LocalPage } from '@duly/shared/list';

/**
 * Rows per page of a dashboard table: three tables share the screen, so each stays short
 * (the lists' 50 would push the next table far down).
 */
export const DASHBOARD_PAGE_SIZE = 10;

export type DashboardPage = LocalPage;

/** The page of one dashboard table, kept in the screen's state (several tables, one URL). */
export const useDashboardPage = (pageSize = DASHBOARD_PAGE_SIZE) => useLocalPage(pageSize);
