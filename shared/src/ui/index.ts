// The Duly UI kit (`@duly/shared/ui`), all of it: `@duly/shared/kit` (what a list or detail
// screen and the chrome render) and `@duly/shared/form-kit` (the form parts), the same modules
// (one theme, one toast host), plus what only some screens need: the dialogs, the import
// screen, the activity history and the documents (issue 32). The shell files these last ones in
// `kit-more`, so a list that imports `/kit` never downloads them. `styled.d.ts` types
// `props.theme` for every package importing the kit.
import type {} from './styled';

export * from '../entries/kit';
export * from '../entries/formKit';

export { Dialog, type DialogProps } from './dialog/Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/ConfirmDialog';
export { ActionDialog, type ActionDialogProps } from './dialog/ActionDialog';
export { ImportScreen, type ImportScreenProps } from './screen/ImportScreen';
// The imports' endpoints and upload (issue 27): `/core`'s until 3.0.0, here since only the
// import screen uses them (issue 32).
export {
  IMPORT_FIELDS,
  importsApi,
  uploadImport,
  downloadImportErrors,
  useImportsGetQuery,
  useImportsRowsQuery,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportOutcome,
  type ImportRowResult,
  type ImportRowsParams,
  type ImportUpload,
} from '../api/imports';
// The activity history's section of an item page (2.x, issue 29).
export { History, HISTORY_PAGE_SIZE, HISTORY_TEXTS, type HistoryProps } from './screen/History';
// Documents on certificates (issue 26): where a file is given and its upload with progress.
export { DocumentPicker, type DocumentPickerProps } from './documents/DocumentPicker';
export {
  UploadProgress,
  useDocumentUpload,
  type DocumentUploadState,
} from './documents/useDocumentUpload';
