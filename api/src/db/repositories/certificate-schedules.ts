/**
 * The stored reminder schedule of certificates (migration 008, issue 28), worked out here and
 * only here, by the certificates repository on every insert and save (issue 25): callers never
 * pass `remind_on` or `escalate_on`, so none can forget a type's offsets (two such bugs were
 * fixed before this moved here). `escalate_on` follows the expiry date and
 * `reminder_days_before` (the rule of @duly/shared); `remind_on` is the first reminder day over
 * the certificate's offsets (its own, else its type's, else `reminder_days_before`). The sweep
 * records every reminder due from there and moves `remind_on` on (certificate-reminders.ts).
 */
import { firstReminderOn, reminderOccasions } from '../../reminders/offsets';
import { certificateSchedule, type CertificateSchedule } from '../../reminders/schedule';
import type { CertificateRow, Db, NewCertificate } from '../tables';
import { parseOffsets } from './certificate-types';

/** The columns of a certificate its schedule follows from. */
export const SCHEDULE_INPUTS = [
  'expiry_date',
  'reminder_days_before',
  'reminder_offsets',
  'certificate_type_id',
] as const;

/** Those columns; no type and no offsets of its own when left out, as on an insert. */
export interface ScheduleInputs {
  expiry_date: string;
  reminder_days_before: number;
  reminder_offsets?: string | null;
  certificate_type_id?: string | null;
}

/**
 * A new certificate as the repository's callers give it: without `remind_on` and
 * `escalate_on`, which are worked out here.
 */
export type CertificateToInsert = Omit<NewCertificate, 'remind_on' | 'escalate_on'>;

interface TypeOffsets {
  offsets: number[];
  remindAfterExpiry: boolean;
}

/** The reminder settings of the organisation's types among `typeIds`, by id. */
async function typeOffsetsOf(
  db: Db,
  organizationId: string,
  typeIds: readonly string[],
): Promise<Map<string, TypeOffsets>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('certificate_types')
    .select(['id', 'reminder_offsets', 'remind_after_expiry'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', typeIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        offsets: parseOffsets(row.reminder_offsets) ?? [],
        remindAfterExpiry: Number(row.remind_after_expiry) === 1,
      },
    ]),
  );
}

function scheduleOf(
  certificate: ScheduleInputs,
  type: TypeOffsets | undefined,
): CertificateSchedule {
  const reminderDaysBefore = Number(certificate.reminder_days_before);
  const occasions = reminderOccasions({
    expiryDate: certificate.expiry_date,
    reminderDaysBefore,
    ownOffsets: parseOffsets(certificate.reminder_offsets ?? null),
    type: type ?? null,
  });
  return {
    ...certificateSchedule(certificate.expiry_date, reminderDaysBefore),
    remind_on: firstReminderOn(occasions),
  };
}

/** The schedules of certificates of one organisation, in their order (one read of the types). */
export async function schedulesOf(
  db: Db,
  organizationId: string,
  certificates: readonly ScheduleInputs[],
): Promise<CertificateSchedule[]> {
  const typeIds = [
    ...new Set(
      certificates
        .map((certificate) => certificate.certificate_type_id)
        .filter((id): id is string => typeof id === 'string'),
    ),
  ];
  const types = await typeOffsetsOf(db, organizationId, typeIds);
  // Many certificates of a batch (an import's) share their inputs, and working the dates out
  // with luxon is what a batch's schedules cost: once per distinct inputs.
  const known = new Map<string, CertificateSchedule>();
  return certificates.map((certificate) => {
    const key = JSON.stringify(SCHEDULE_INPUTS.map((column) => certificate[column] ?? null));
    let schedule = known.get(key);
    if (!schedule) {
      schedule = scheduleOf(
        certificate,
        certificate.certificate_type_id ? types.get(certificate.certificate_type_id) : undefined,
      );
      known.set(key, schedule);
    }
    return schedule;
  });
}

/** `certificates` with their schedules, ready to insert. */
export async function withSchedules(
  db: Db,
  certificates: readonly CertificateToInsert[],
): Promise<NewCertificate[]> {
  if (certificates.length === 0) return [];
  const schedules = await schedulesOf(db, certificates[0].organization_id, certificates);
  return certificates.map((certificate, index) => ({ ...certificate, ...schedules[index] }));
}

/** What a save sends that bears on the reminders (undefined: not sent). */
export interface SavedScheduleInputs extends Partial<ScheduleInputs> {
  incharge_person_id?: string | null;
  /** The status asked for. */
  status?: string;
}

/**
 * The schedule a save re-arms, or undefined when the save leaves it alone. A new expiry date,
 * new reminder days or offsets or type (even the same again: the form sends them all), or
 * another person in charge or status re-arm the reminder: the ledger's keys name the date and
 * the person, so only what is new is recorded. Anything else keeps `remind_on` where the sweep
 * left it. The row is read in the save's transaction, or `read` is what the save's caller read
 * of it there (findCertificateForSave).
 */
export async function rearmedSchedule(
  trx: Db,
  organizationId: string,
  id: string,
  sent: SavedScheduleInputs,
  read?: ScheduleInputs & Pick<CertificateRow, 'incharge_person_id' | 'status'>,
): Promise<CertificateSchedule | undefined> {
  const schedulingSent = SCHEDULE_INPUTS.some((column) => sent[column] !== undefined);
  if (!schedulingSent && sent.incharge_person_id === undefined && sent.status === undefined) {
    return undefined;
  }
  const row =
    read ??
    (await trx
      .selectFrom('certificates')
      .select([...SCHEDULE_INPUTS, 'incharge_person_id', 'status'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst());
  if (!row) return undefined;
  const reassigned =
    sent.incharge_person_id !== undefined && sent.incharge_person_id !== row.incharge_person_id;
  const statusChanged = sent.status !== undefined && sent.status !== row.status;
  if (!schedulingSent && !reassigned && !statusChanged) return undefined;
  const after: ScheduleInputs = {
    expiry_date: sent.expiry_date ?? row.expiry_date,
    reminder_days_before: sent.reminder_days_before ?? row.reminder_days_before,
    reminder_offsets:
      sent.reminder_offsets === undefined ? row.reminder_offsets : sent.reminder_offsets,
    certificate_type_id:
      sent.certificate_type_id === undefined ? row.certificate_type_id : sent.certificate_type_id,
  };
  const [schedule] = await schedulesOf(trx, organizationId, [after]);
  return schedule;
}
