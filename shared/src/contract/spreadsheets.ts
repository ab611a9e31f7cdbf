/**
 * The columns of the spreadsheets Duly writes and reads (issue 27): each list's export, and
 * the import of employees and certificates, which reads an exported file back with zero
 * changes. One list for both ends (API export, API import, the Import screen's template), so
 * a renamed column cannot break the round trip on one side only.
 */
export const SPREADSHEET_COLUMNS = {
  employees: ['email', 'first_name', 'last_name', 'phone', 'department', 'role', 'status'],
  certificates: [
    'name',
    'incharge_email',
    'issue_date',
    'expiry_date',
    'reminder_days_before',
    'department',
    'description',
    'status',
  ],
  tasks: ['title', 'assignee_email', 'due_date', 'status', 'description'],
} as const satisfies Record<string, readonly string[]>;

export type SpreadsheetKind = keyof typeof SPREADSHEET_COLUMNS;
