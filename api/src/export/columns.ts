/**
 * The columns of each exported list, named exactly as the import reads them first, so an
 * exported file re-imports with zero changes (docs/import-export.md, "The round trip").
 */
import { SPREADSHEET_COLUMNS } from '@duly/shared/contract';
import type { ExportColumn } from './write';

const columns = (names: readonly string[]): ExportColumn[] =>
  names.map((name) => ({ header: name, key: name }));

export const EMPLOYEE_EXPORT_COLUMNS = columns(SPREADSHEET_COLUMNS.employees);
export const CERTIFICATE_EXPORT_COLUMNS = columns(SPREADSHEET_COLUMNS.certificates);
export const TASK_EXPORT_COLUMNS = columns(SPREADSHEET_COLUMNS.tasks);
