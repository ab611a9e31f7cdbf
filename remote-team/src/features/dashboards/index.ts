// What both dashboards share: the section layout, the dashboards' columns (their status palette),
// the page of a table, the error state and log of a failed call, the pages a row opens.
export { DashboardTable, type DashboardTableProps } from './DashboardTable';
export { assignColumn, certificateColumns, holderName, taskColumns, UNASSIGNED } from './columns';
export { taskPath, certificatePath } from './paths';
export { useDashboardPage, DASHBOARD_PAGE_SIZE, type DashboardPage } from './useDashboardPage';
export { dashboardErrorText } from './errorText';
export { useAfterFirstPaint } from './useAfterFirstPaint';
