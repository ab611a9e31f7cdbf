// What every list screen needs besides the UI kit's Pagination, SortableHeaderCell and
// SearchField: its page, filters, order and search kept in the URL, and its results in every
// state (loading, error, empty, rows with pagination).
export {
  useListParams,
  type ChosenFilters,
  type FilterChoices,
  type ListView,
  type ListViewOptions,
  type ListRequest,
} from './useListParams';
export { parseSort, formatSort, toggleSort, type SortDirection, type SortOrder } from './sort';
export { PagedResults, type PagedResultsProps } from './PagedResults';
// A screen of several tables (the dashboards): each one's page in the screen's state, and each
// table under its heading.
export { useLocalPage, type LocalPage } from './useLocalPage';
export { SectionTable, type SectionTableProps } from './SectionTable';
