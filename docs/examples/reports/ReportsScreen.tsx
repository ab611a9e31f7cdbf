// src/features/reports/ReportsScreen.tsx: /reports
import { DATE_FORMATS, formatInstant, ListScreen, useListParams, type Column } from '@duly/shared';
import { useReportsListQuery, type Report } from './api';

const KINDS = ['weekly', 'monthly'];
const REPORT_LIST = { filters: { kind: KINDS }, sorts: ['title', 'created_at'] };
const KIND_FILTER = {
  name: 'kind',
  label: 'Filter by Kind',
  placeholder: 'All kinds',
  options: KINDS.map((kind) => ({ value: kind, label: kind })),
} as const;

const COLUMNS: Column<Report>[] = [
  { key: 'title', header: 'Title', cell: (r) => r.title, sortKey: 'title', wrap: true },
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
      filters={[KIND_FILTER]}
      table={{ label: 'Reports', columns: COLUMNS, rowLink: (r) => `/reports/${r.id}` }}
    />
  );
}
