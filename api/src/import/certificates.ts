/**
 * Certificates from a file: matched by (person in charge's email, name), both without case;
 * each row checked with POST /certificates' or PUT /certificates/{id}'s own body schema and
 * the routes' own date checks. A person in charge who is not in the organisation gets the
 * route's own message, whether or not another organisation has them.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityValue, CertificateStatus } from '@duly/shared/contract';
import type { Db, ImportMode } from '../db/tables';
import type { Actor } from '../db/repositories/activity';
import {
  insertCertificates,
  saveCertificate,
  type CertificateEdit,
  type CertificateToInsert,
} from '../db/repositories/certificates';
import {
  certificatesForImportChunk,
  employeesByEmails,
  type ImportCertificate,
  type ImportPerson,
} from '../db/repositories/imports';
import { normaliseEmail } from '../db/repositories/users';
import { kolkataToday, nowIso } from '../lib/dates';
import { InputCheck, optionalText } from '../lib/input';
import { CreateCertificateBody, UpdateCertificateBody } from '../routes/certificates/schema';
import { queueWebhookEvents } from '../webhooks/events';
import { certificateEvent } from '../webhooks/hooks';
import type { FieldError } from '../lib/http-errors';
import { normaliseDate, type DateOrder } from './dates';
import {
  checkBody,
  columnErrors,
  diff,
  fieldErrorsOf,
  type PlannedRow,
  type RowError,
} from './rows';

type Existing = ImportCertificate;

export interface CertificateValues {
  name: string;
  incharge_email: string | null;
  incharge_person_id: string | null;
  issue_date?: string | null;
  expiry_date: string;
  reminder_days_before: number;
  department?: string | null;
  description?: string | null;
  status?: CertificateStatus;
}

export type CertificateWrite =
  | { kind: 'create'; values: CertificateValues }
  | { kind: 'update'; before: Existing; values: Partial<CertificateValues> };

const BODY_FIELD: Record<string, string> = {
  name: 'name',
  incharge_email: 'incharge_person_id',
  issue_date: 'issue_date',
  expiry_date: 'expiry_date',
  reminder_days_before: 'reminder_days_before',
  department: 'department',
  description: 'description',
  status: 'status',
};
const FILE_FIELD = Object.fromEntries(Object.entries(BODY_FIELD).map(([a, b]) => [b, a]));

const NOT_A_MEMBER = 'is not a user of your organisation';

const keyOf = (email: string | null, name: string) =>
  `${(email ?? '').toLowerCase()}\u0000${name.toLowerCase()}`;

/** A-Z folded, nothing else: what SQL's lower() does on both databases. */
const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
const ASCII_ONLY = /^[ -~]*$/;

/** Distinct date cells a job remembers the check of (dates repeat; luxon is not cheap). */
const DATE_MEMO_LIMIT = 20_000;

export interface CertificatePlanner {
  /** Reads what this chunk's rows match against: their people, then their certificates. */
  load(records: readonly Record<string, string>[]): Promise<void>;
  plan(
    row: number,
    record: Record<string, string>,
    columnOf: (field: string) => string,
  ): PlannedRow<CertificateWrite>;
}

/**
 * Plans the rows chunk by chunk (`load` each chunk, then `plan` its rows in order): only the
 * chunk's people and certificates are held, read with one query each; what spans the file
 * (a (person, name) already met on an earlier row) is one small entry per row.
 */
export function certificatePlanner(
  db: Db,
  organizationId: string,
  mode: ImportMode,
  dateOrder: DateOrder,
): CertificatePlanner {
  let personByEmail = new Map<string, ImportPerson>();
  let byKey = new Map<string, Existing[]>();
  const seen = new Map<string, number>();
  const dateChecks = new Map<string, { date: string; errors: FieldError[] }>();

  /** `check.calendarDate(text, path)`, its answer remembered for the next row with that cell. */
  const calendarDate = (check: InputCheck, text: string, path: string): string => {
    const key = `${path}\u0000${text}`;
    let known = dateChecks.get(key);
    if (!known) {
      let date = '';
      const errors = fieldErrorsOf(() => {
        const own = new InputCheck();
        date = own.calendarDate(text, path);
        own.done();
      });
      known = { date, errors };
      if (dateChecks.size >= DATE_MEMO_LIMIT) dateChecks.clear();
      dateChecks.set(key, known);
    }
    for (const error of known.errors) check.fail(error.path, error.message);
    return known.date;
  };

  return {
    async load(records) {
      const emails = records.flatMap((record) =>
        record.incharge_email ? [normaliseEmail(record.incharge_email)] : [],
      );
      const people = await employeesByEmails(db, organizationId, emails);
      personByEmail = new Map(people.map((p) => [normaliseEmail(p.email), p]));
      const wanted = {
        named: [] as { personId: string | null; name: string }[],
        anyNameOf: [] as (string | null)[],
      };
      for (const record of records) {
        const email = record.incharge_email ? normaliseEmail(record.incharge_email) : null;
        const person = email ? personByEmail.get(email) : undefined;
        // Someone not of the organisation matches nothing (the row is an error).
        if (email && !person) continue;
        const name = (record.name ?? '').trim();
        const personId = person?.id ?? null;
        if (ASCII_ONLY.test(name)) wanted.named.push({ personId, name: foldAscii(name) });
        else wanted.anyNameOf.push(personId);
      }
      const certificates = await certificatesForImportChunk(db, organizationId, wanted);
      byKey = new Map();
      for (const certificate of certificates) {
        const key = keyOf(certificate.incharge_email, certificate.name);
        byKey.set(key, [...(byKey.get(key) ?? []), certificate]);
      }
    },

    plan(
      row: number,
      record: Record<string, string>,
      columnOf: (field: string) => string,
    ): PlannedRow<CertificateWrite> {
      const fail = (errors: RowError[]): PlannedRow<CertificateWrite> => ({
        row,
        outcome: 'error',
        errors,
      });
      const name = record.name ?? '';
      const email = record.incharge_email ? normaliseEmail(record.incharge_email) : null;
      const person = email ? personByEmail.get(email) : undefined;
      const key = keyOf(email, name.trim());
      const matches = byKey.get(key) ?? [];
      const existing = matches[0];

      const body: Record<string, unknown> = {};
      for (const [field, text] of Object.entries(record)) {
        const bodyField = BODY_FIELD[field];
        if (!bodyField) continue;
        if (field === 'incharge_email') body[bodyField] = person?.id ?? null;
        else if (field === 'reminder_days_before') {
          body[bodyField] = /^-?\d+$/.test(text) ? Number(text) : text === '' ? undefined : text;
        } else if (field === 'issue_date' || field === 'expiry_date') {
          body[bodyField] =
            text === ''
              ? field === 'issue_date'
                ? null
                : undefined
              : normaliseDate(text, dateOrder);
        } else if (text !== '') body[bodyField] = text;
        else if (existing && (field === 'department' || field === 'description'))
          body[bodyField] = null;
      }
      if (body.reminder_days_before === undefined) delete body.reminder_days_before;
      if (body.expiry_date === undefined) delete body.expiry_date;
      const schema = existing ? UpdateCertificateBody : CreateCertificateBody;
      const { value, errors } = checkBody(schema, body);
      const fieldErrors = [...errors];
      if (email && !person) fieldErrors.push({ path: 'incharge_person_id', message: NOT_A_MEMBER });
      const dates: { issue?: string | null; expiry?: string } = {};
      if (errors.length === 0) {
        fieldErrors.push(
          ...fieldErrorsOf(() => {
            const check = new InputCheck();
            if (typeof value.issue_date === 'string')
              dates.issue = calendarDate(check, value.issue_date, 'issue_date');
            else if (value.issue_date === null) dates.issue = null;
            if (typeof value.expiry_date === 'string')
              dates.expiry = calendarDate(check, value.expiry_date, 'expiry_date');
            if (typeof value.name === 'string') check.requiredText(value.name, 'name');
            const issue = dates.issue !== undefined ? dates.issue : (existing?.issue_date ?? null);
            const expiry = dates.expiry ?? existing?.expiry_date ?? '';
            if (issue && expiry && issue > expiry)
              check.fail('expiry_date', 'must not be before issue_date');
            check.done();
          }),
        );
      }
      if (fieldErrors.length > 0) {
        return fail(columnErrors(fieldErrors, (path) => columnOf(FILE_FIELD[path] ?? path)));
      }
      const first = seen.get(key);
      if (first !== undefined) {
        return fail([
          { column: columnOf('name'), message: `is already on row ${first} of this file` },
        ]);
      }
      seen.set(key, row);
      if (matches.length > 1) {
        return fail([
          { column: columnOf('name'), message: 'matches more than one certificate of this person' },
        ]);
      }
      if (existing && mode === 'insert') {
        return fail([
          {
            column: columnOf('name'),
            message: 'A certificate with this name and person in charge already exists',
          },
        ]);
      }
      if (!existing && mode === 'update') {
        return fail([
          {
            column: columnOf('name'),
            message: 'No certificate with this name and person in charge to update',
          },
        ]);
      }
      const values: Partial<CertificateValues> = {};
      if ('name' in record) values.name = name.trim();
      if ('incharge_email' in record) {
        values.incharge_email = person?.email ?? null;
        values.incharge_person_id = person?.id ?? null;
      }
      if (dates.issue !== undefined) values.issue_date = dates.issue;
      if (dates.expiry !== undefined) values.expiry_date = dates.expiry;
      if (value.reminder_days_before !== undefined)
        values.reminder_days_before = value.reminder_days_before as number;
      for (const field of ['department', 'description'] as const) {
        if (field in value) values[field] = optionalText(value[field] as string | null) ?? null;
      }
      if (value.status !== undefined) values.status = value.status as CertificateStatus;
      const shown = { ...values } as Record<string, ActivityValue>;
      delete shown.incharge_person_id;
      if (!existing) {
        // A new certificate is always active (POST /certificates).
        delete shown.status;
        return {
          row,
          outcome: 'create',
          changes: diff({}, shown),
          write: { kind: 'create', values: values as CertificateValues },
        };
      }
      const changes = diff(existing as unknown as Record<string, ActivityValue>, shown);
      if (Object.keys(changes).length === 0) return { row, outcome: 'unchanged' };
      return {
        row,
        outcome: 'update',
        changes,
        write: { kind: 'update', before: existing, values },
      };
    },
  };
}

/**
 * Writes planned rows in the caller's transaction: the new certificates at once (one INSERT,
 * one history append, one webhook check: insertCertificates), each update on its own.
 */
export async function applyCertificates(
  trx: Db,
  organizationId: string,
  writes: readonly CertificateWrite[],
  actor: Actor & { kind: 'import' },
  createdBy: string,
): Promise<void> {
  const now = nowIso();
  const created: CertificateToInsert[] = [];
  for (const write of writes) {
    if (write.kind !== 'create') continue;
    const v = write.values;
    const incharge = v.incharge_person_id ?? null;
    created.push({
      id: randomUUID(),
      organization_id: organizationId,
      name: v.name,
      description: v.description ?? null,
      issue_date: v.issue_date ?? null,
      expiry_date: v.expiry_date!,
      reminder_days_before: v.reminder_days_before!,
      department: v.department ?? null,
      incharge_person_id: incharge,
      created_by_user_id: createdBy,
      assigner_id: incharge === null ? null : createdBy,
      status: 'active',
      created_at: now,
      updated_at: now,
    });
  }
  await insertCertificates(trx, created, actor, 'imported');
  await queueWebhookEvents(
    trx,
    created.map((certificate) =>
      certificateEvent(trx, 'certificate.created', organizationId, certificate.id),
    ),
  );
  for (const write of writes) {
    if (write.kind === 'update') await updateCertificate(trx, organizationId, write, actor, now);
  }
}

async function updateCertificate(
  trx: Db,
  organizationId: string,
  write: Extract<CertificateWrite, { kind: 'update' }>,
  actor: Actor & { kind: 'import' },
  now: string,
): Promise<void> {
  const v = write.values;
  const before = write.before;
  const changes: CertificateEdit['changes'] = { updated_at: now };
  if (v.name !== undefined) changes.name = v.name;
  if (v.description !== undefined) changes.description = v.description;
  if (v.department !== undefined) changes.department = v.department;
  if (v.issue_date !== undefined) changes.issue_date = v.issue_date;
  if (v.expiry_date !== undefined) changes.expiry_date = v.expiry_date;
  if (v.reminder_days_before !== undefined) changes.reminder_days_before = v.reminder_days_before;
  const expiryDate = v.expiry_date ?? before.expiry_date;
  await saveCertificate(
    trx,
    organizationId,
    before.id,
    { changes, status: v.status, expiryDate, today: kolkataToday() },
    actor,
  );
}
