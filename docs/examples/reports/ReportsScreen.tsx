// src/features/reports/ReportsScreen.tsx: /reports
import { DATE_FORMATS } from '@duly/shared/core';
import { formatInstant } from '@duly/shared/dates';
import { useListParams } from '@duly/shared/list';
import { listFilter, ListScreen, titleColumn, type Column } from '@duly/shared/ui';
import { useReportsListQuery, type Report } from './api';

const KINDS = ['weekly', 'monthly'];
const REPORT_LIST = { filters: { kind: KINDS }, sorts: ['title', 'created_at'] };
const FILTERS = [listFilter('kind', 'Filter by Kind', 'All kinds', KINDS)];

const COLUMNS: Column<Report>[] = [
  titleColumn('title', 'Title', (r: Report) => r.title, { sortKey: 'title' }),
  { key: 'kind', header: 'Kind', cell: (r) => r.kind },
  {
    key: 'created',
    header: 'Created',
    cell: (r) => formatInstant(r.created_at, DATE_FORMATS.taskList),
  },
];

export function ReportsScreen() {
  const list = useListParams(REPORT_LIST);
  return (
    <ListScreen
      title="Reports"
      list={list}
      query={useReportsListQuery(list.params)}
      texts={{
        loading: 'Loading reports...',
        error: 'Error loading reports.',
        empty: 'No reports found',
      }}
      searchLabel="Search by title"
      filters={FILTERS}
      table={{ label: 'Reports', columns: COLUMNS, rowLink: (r) => `/reports/${r.id}` }}
    />
  );
}
