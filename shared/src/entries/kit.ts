// @duly/shared/kit: the part of the UI kit a list or a detail screen and the shell's chrome
// render (issue 32). The shell provides `@duly/shared/ui` as one module, so one import of it
// loads the whole kit: the import screen, the documents, the dialogs, the activity history and
// the form kit came with every list's table. This entry leaves them out; a screen that needs
// one imports `@duly/shared/ui` (which still exports everything) and is loaded lazily
// (`lazyScreen`), so its file (`kit-more` in the shell's build) downloads with it.
// Shared as its own singleton, from the same modules as `/ui`: one theme, one toast host.
import type {} from '../ui/styled';

export {
  theme,
  themeValues,
  themeCustomProperties,
  themeRootCss,
  alpha,
  type DulyTheme,
} from '../ui/theme';
export { focusRing } from '../ui/focusRing';
export { GlobalStyle } from '../ui/GlobalStyle';
export { DulyProviders, type DulyProvidersProps } from '../ui/DulyProviders';
export {
  ToastProvider,
  useSnackbar,
  type ShowToast,
  type ToastOptions,
  type ToastVariant,
} from '../ui/Toast';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from '../ui/Button';
export { Card, type CardProps } from '../ui/Card';
export { PageHeader, type PageHeaderProps } from '../ui/PageHeader';
export { Spinner, type SpinnerProps } from '../ui/Spinner';
export { LoadingState, type LoadingStateProps } from '../ui/LoadingState';
export { EmptyState, type EmptyStateProps } from '../ui/EmptyState';
export { NotFoundPage } from '../ui/NotFoundPage';
export {
  DetailFields,
  DetailLabel,
  DetailList,
  DetailText,
  DetailValue,
  type DetailField,
} from '../ui/DetailList';
export { ErrorState, type ErrorStateProps } from '../ui/ErrorState';
export {
  CertificateStatusBadge,
  EmployeeStatusBadge,
  StatusBadge,
  TaskStatusBadge,
  type KindStatusBadgeProps,
  type StatusBadgeProps,
} from '../ui/StatusBadge';
export { Avatar, type AvatarProps } from '../ui/Avatar';
export { Pagination, type PaginationProps } from '../ui/Pagination';
export {
  MenuIcon,
  PersonIcon,
  DashboardIcon,
  TasksIcon,
  CertificatesIcon,
  EmployeesIcon,
  ComplianceIcon,
  ApprovalsIcon,
  ActivityIcon,
  LogoutIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  ArrowUpwardIcon,
  ArrowDownwardIcon,
  SearchIcon,
  NotificationsIcon,
  type IconProps,
} from '../ui/icons';
// The chrome's avatar menu.
export { Menu, type MenuProps, type MenuEntry } from '../ui/menu/Menu';

// The fields a list's filters use (FilterBar); the rest of the form kit is in `/ui`.
export { type FieldProps } from '../ui/form/Field';
export {
  NumberField,
  TextField,
  type NumberFieldProps,
  type TextFieldProps,
} from '../ui/form/TextField';
export { Select, type SelectProps, type SelectOption } from '../ui/form/Select';
export { SearchField, SEARCH_DEBOUNCE_MS, type SearchFieldProps } from '../ui/form/SearchField';
export { useFormReadOnly } from '../ui/form/readOnly';

export { Table, type TableProps } from '../ui/table/Table';
export { TableHead, TableBody } from '../ui/table/TableSections';
export { TableRow, type TableRowProps, type RowActivationEvent } from '../ui/table/TableRow';
export { TableCell, TableHeaderCell } from '../ui/table/TableCell';
export { SortableHeaderCell, type SortableHeaderCellProps } from '../ui/table/SortableHeaderCell';
export { OneLineCell } from '../ui/table/OneLineCell';
export { CellItems } from '../ui/table/CellItems';

export { lazyScreen } from '../ui/screen/lazyScreen';
export { VisuallyHidden, visuallyHidden } from '../ui/VisuallyHidden';
export { Section, Stack, type SectionProps } from '../ui/Section';
export { ItemScreen, type ItemScreenProps, type ItemQuery } from '../ui/screen/ItemScreen';
export { ItemIdRoute, isItemId, type ItemIdRouteProps } from '../ui/screen/ItemIdRoute';
export { itemRoutes, remoteRoutes } from '../ui/screen/remoteRoutes';
export { lazyScreens, resourceRoutes } from '../ui/screen/resourceRoutes';
export {
  ResourceTable,
  type ResourceTableProps,
  type Column,
  type ColumnEntry,
} from '../ui/screen/ResourceTable';
export { FilterBar, type FilterBarProps, type FilterBarFilter } from '../ui/screen/FilterBar';
export { FilterRow } from '../ui/screen/FilterRow';
export { listFilter, optionsOf, statusFilter } from '../ui/screen/filters';
export {
  ListScreen,
  ResourceListScreen,
  type ListScreenProps,
  type ResourceList,
  type ResourceListScreenProps,
} from '../ui/screen/ListScreen';
export {
  EditLink,
  editColumn,
  RowButton,
  titleColumn,
  type EditLinkProps,
  type RowButtonProps,
} from '../ui/screen/editColumn';
export { saveBlob } from '../ui/screen/saveBlob';
export { ExportActions, type ExportActionsProps } from '../ui/screen/ExportActions';
export {
  FormCard,
  FormScreen,
  ReadOnlyForm,
  ReadOnlyNotice,
  type FormCardProps,
  type FormScreenProps,
} from '../ui/screen/FormScreen';
export {
  failureText,
  useSaveThenGo,
  type SaveThenGoOptions,
  type SaveFormHelpers,
  type Unwrappable,
} from '../ui/screen/useSaveThenGo';
export { useSubmitThenGo } from '../ui/screen/useSubmitThenGo';
export { useManagersOnly } from '../ui/screen/useManagersOnly';
