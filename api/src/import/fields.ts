/**
 * The fields each kind of import fills, named first exactly as the export writes its columns
 * (export/columns.ts), so an exported file maps itself; then the synonyms people write.
 * Headers are compared without case, spaces, `_`, `-` or `.`.
 */
import type { ImportKind } from '../db/tables';
import { CERTIFICATE_EXPORT_COLUMNS, EMPLOYEE_EXPORT_COLUMNS } from '../export/columns';

export const FIELDS: Record<ImportKind, readonly string[]> = {
  employees: EMPLOYEE_EXPORT_COLUMNS.map((column) => column.header),
  certificates: CERTIFICATE_EXPORT_COLUMNS.map((column) => column.header),
};

/** The field every row must have: what a row is matched by. */
export const REQUIRED_FIELDS: Record<ImportKind, readonly string[]> = {
  employees: ['email'],
  certificates: ['name', 'expiry_date'],
};

const SYNONYMS: Record<string, readonly string[]> = {
  email: ['e-mail', 'email address', 'mail', 'work email'],
  first_name: ['first name', 'firstname', 'given name', 'forename'],
  last_name: ['last name', 'lastname', 'surname', 'family name'],
  phone: ['phone number', 'mobile', 'telephone', 'tel', 'contact number'],
  department: ['dept', 'team', 'division'],
  role: ['access', 'user role'],
  status: ['state'],
  name: ['certificate', 'certificate name', 'title'],
  incharge_email: [
    'person in charge',
    'person in charge email',
    'incharge',
    'in charge',
    'owner',
    'owner email',
    'assigned to',
  ],
  issue_date: ['issued', 'issued on', 'issue date', 'date of issue'],
  expiry_date: ['expiry', 'expires', 'expires on', 'expiry date', 'valid until', 'expiration date'],
  reminder_days_before: ['reminder days', 'remind days before', 'reminder', 'reminder days before'],
  description: ['notes', 'details', 'comment'],
};

function squash(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** `{ header: field }` for the headers recognised; the others are left out (ignored). */
export function guessMapping(kind: ImportKind, headers: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const key = squash(header);
    const field = FIELDS[kind].find(
      (name) =>
        !taken.has(name) &&
        (squash(name) === key || (SYNONYMS[name] ?? []).some((word) => squash(word) === key)),
    );
    if (field) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

/**
 * The user's mapping, checked: every field known and used once, every header in the file.
 * Returns the problem as a sentence, or the mapping.
 */
export function checkMapping(
  kind: ImportKind,
  headers: readonly string[],
  mapping: Record<string, string>,
): string | null {
  const used = new Set<string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (!headers.includes(header)) return `The file has no column "${header}".`;
    if (field === '') continue;
    if (!FIELDS[kind].includes(field)) return `"${field}" is not a field of ${kind}.`;
    if (used.has(field)) return `Two columns are mapped to "${field}".`;
    used.add(field);
  }
  const missing = REQUIRED_FIELDS[kind].filter((field) => !used.has(field));
  if (missing.length > 0) {
    return `No column is mapped to ${missing.map((field) => `"${field}"`).join(', ')}.`;
  }
  return null;
}
