/**
 * The columns of each exported list, named exactly as the import reads them first, so an
 * exported file re-imports with zero changes (docs/import-export.md, "The round trip").
 */
import type { ExportColumn } from './write';

const columns = (...names: string[]): ExportColumn[] =>
  names.map((name) => ({ header: name, key: name }));

export const EMPLOYEE_EXPORT_COLUMNS = columns(
  'email',
  'first_name',
  'last_name',
  'phone',
  'department',
  'role',
  'status',
);

export const CERTIFICATE_EXPORT_COLUMNS = columns(
  'name',
  'incharge_email',
  'issue_date',
  'expiry_date',
  'reminder_days_before',
  'department',
  'description',
  'status',
);

export const TASK_EXPORT_COLUMNS = columns(
  'title',
  'assignee_email',
  'due_date',
  'status',
  'description',
);
