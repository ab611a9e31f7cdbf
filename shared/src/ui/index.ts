// The Duly UI kit. `styled.d.ts` types `props.theme` for every package importing the kit.
import type {} from './styled';

export {
  theme,
  themeValues,
  themeCustomProperties,
  themeRootCss,
  alpha,
  type DulyTheme,
} from './theme';
export { focusRing } from './focusRing';
export { GlobalStyle } from './GlobalStyle';
export { DulyProviders, type DulyProvidersProps } from './DulyProviders';
export {
  ToastProvider,
  useSnackbar,
  type ShowToast,
  type ToastOptions,
  type ToastVariant,
} from './Toast';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { Card, type CardProps } from './Card';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Spinner, type SpinnerProps } from './Spinner';
export { LoadingState, type LoadingStateProps } from './LoadingState';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { NotFoundPage } from './NotFoundPage';
export {
  DetailFields,
  DetailLabel,
  DetailList,
  DetailText,
  DetailValue,
  type DetailField,
} from './DetailList';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export {
  CertificateStatusBadge,
  EmployeeStatusBadge,
  StatusBadge,
  TaskStatusBadge,
  type KindStatusBadgeProps,
  type StatusBadgeProps,
} from './StatusBadge';
export { Avatar, type AvatarProps } from './Avatar';
export { Pagination, type PaginationProps } from './Pagination';
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
} from './icons';

export { Form, type FormProps } from './form/Form';
export { FormActions } from './form/FormActions';
export { type FieldProps } from './form/Field';
export {
  NumberField,
  TextField,
  type NumberFieldProps,
  type TextFieldProps,
} from './form/TextField';
export { TextArea, type TextAreaProps } from './form/TextArea';
export { Select, type SelectProps, type SelectOption } from './form/Select';
export { PersonSelect, type PersonSelectProps, type PersonChoice } from './form/PersonSelect';
export { DateField, type DateFieldProps } from './form/DateField';
export { DateTimeField, type DateTimeFieldProps } from './form/DateTimeField';
export { SearchField, SEARCH_DEBOUNCE_MS, type SearchFieldProps } from './form/SearchField';
export { SignInFields } from './form/SignInFields';
export { FormikForm, type FormikFormProps } from './form/FormikForm';

export { Table, type TableProps } from './table/Table';
export { TableHead, TableBody } from './table/TableSections';
export { TableRow, type TableRowProps, type RowActivationEvent } from './table/TableRow';
export { TableCell, TableHeaderCell } from './table/TableCell';
export { SortableHeaderCell, type SortableHeaderCellProps } from './table/SortableHeaderCell';

export { Dialog, type DialogProps } from './dialog/Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/ConfirmDialog';
export { ActionDialog, type ActionDialogProps } from './dialog/ActionDialog';
export { Menu, type MenuProps, type MenuEntry } from './menu/Menu';

// The resource-screen kit (1.2.0): a list's table from its columns, its filters in the URL, a
// one-item page in every state, and the one way a form saves.
export { OneLineCell } from './table/OneLineCell';
export { CellItems } from './table/CellItems';
export { lazyScreen } from './screen/lazyScreen';
export { VisuallyHidden, visuallyHidden } from './VisuallyHidden';
export { Section, Stack, type SectionProps } from './Section';
export { bindField, bindState, fieldError } from './form/fieldError';
export {
  PasswordFields,
  type PasswordFieldsProps,
  type PasswordFieldSpec,
} from './form/PasswordFields';
export { ItemScreen, type ItemScreenProps, type ItemQuery } from './screen/ItemScreen';
export { ItemIdRoute, isItemId, type ItemIdRouteProps } from './screen/ItemIdRoute';
export { itemRoutes, remoteRoutes } from './screen/remoteRoutes';
export { lazyScreens, resourceRoutes } from './screen/resourceRoutes';
export {
  ResourceTable,
  type ResourceTableProps,
  type Column,
  type ColumnEntry,
} from './screen/ResourceTable';
export { FilterBar, type FilterBarProps, type FilterBarFilter } from './screen/FilterBar';
export { FilterRow } from './screen/FilterRow';
export { listFilter, optionsOf, statusFilter } from './screen/filters';
export {
  ListScreen,
  ResourceListScreen,
  type ListScreenProps,
  type ResourceList,
  type ResourceListScreenProps,
} from './screen/ListScreen';
export {
  EditLink,
  editColumn,
  RowButton,
  titleColumn,
  type EditLinkProps,
  type RowButtonProps,
} from './screen/editColumn';
export { ImportScreen, type ImportScreenProps } from './screen/ImportScreen';
export { saveBlob } from './screen/saveBlob';
export { ExportActions, type ExportActionsProps } from './screen/ExportActions';
export {
  FormCard,
  FormScreen,
  ReadOnlyForm,
  ReadOnlyNotice,
  type FormCardProps,
  type FormScreenProps,
} from './screen/FormScreen';
export { useFormReadOnly } from './form/readOnly';
export {
  failureText,
  useSaveThenGo,
  type SaveThenGoOptions,
  type SaveFormHelpers,
  type Unwrappable,
} from './screen/useSaveThenGo';
export { useSubmitThenGo } from './screen/useSubmitThenGo';
export { useManagersOnly } from './screen/useManagersOnly';
export { CreateScreen, type CreateScreenProps } from './screen/CreateScreen';
// The activity history's section of an item page (2.x, issue 29).
export { History, HISTORY_PAGE_SIZE, HISTORY_TEXTS, type HistoryProps } from './screen/History';
// Documents on certificates (issue 26): where a file is given and its upload with progress.
export { DocumentPicker, type DocumentPickerProps } from './documents/DocumentPicker';
export {
  UploadProgress,
  useDocumentUpload,
  type DocumentUploadState,
} from './documents/useDocumentUpload';
