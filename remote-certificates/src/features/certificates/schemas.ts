/**
 * The certificate forms' rules come from @duly/shared (spec 5), so the API can apply the same
 * ones. This module adds what only the screens need: form values → the API payloads and a
 * certificate → edit form values, with dates read in Asia/Kolkata whatever the machine's zone.
 */
import {
  createCertificateSchema,
  type CreateCertificateFormValues,
  type EditCertificateFormValues,
} from '@duly/shared/forms';
import {
  blankToNull,
  parseReminderOffsets,
  type Certificate,
  type CreateCertificatePayload,
  type SessionUser,
  type UpdateCertificatePayload,
} from '@duly/shared/core';
import { kolkataToday, toKolkataDate } from '@duly/shared/dates';

export {
  createCertificateSchema,
  createCertificateInitialValues,
  editCertificateSchema,
  type CreateCertificateFormValues,
  type EditCertificateFormValues,
} from '@duly/shared/forms';

/**
 * POST /certificates/: the form, created as active, plus who creates it (checked against the
 * token). Its dates are the `date` inputs' plain `yyyy-MM-dd` (Asia/Kolkata), as the edit and
 * renew payloads send them (issue 25: one encoding; an ISO 8601 calendar date, spec 7).
 */
export function toCreatePayload(
  values: CreateCertificateFormValues,
  creator: SessionUser | null,
): CreateCertificatePayload {
  return {
    name: values.name.trim(),
    description: blankToNull(values.description),
    issue_date: values.issue_date || null,
    expiry_date: values.expiry_date,
    reminder_days_before: Number(values.reminder_days_before),
    department: blankToNull(values.department),
    incharge_person_id: values.incharge_person_id,
    ...(values.certificate_type_id ? { certificate_type_id: values.certificate_type_id } : {}),
    ...(values.reminder_offsets?.trim()
      ? { reminder_offsets: parseReminderOffsets(values.reminder_offsets) }
      : {}),
    status: 'active',
    ...(creator
      ? { organization_id: creator.organization_id, created_by_user_id: creator.id }
      : {}),
  };
}

export function toEditFormValues(certificate: Certificate): EditCertificateFormValues {
  return {
    name: certificate.name,
    description: certificate.description ?? '',
    expiry_date: toKolkataDate(certificate.expiry_date) ?? '',
    reminder_days_before: certificate.reminder_days_before,
  };
}

/** PUT /certificates/{id}/: what the edit form sends (spec 7), the expiry date as plain `yyyy-MM-dd`. */
export function toUpdatePayload(values: EditCertificateFormValues): UpdateCertificatePayload {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    expiry_date: values.expiry_date,
    reminder_days_before: Number(values.reminder_days_before),
  };
}

// --- Renew -------------------------------------------------------------------------------------

/** The renewal dialog: the create form's date rules (issue not after today, expiry not before). */
export const renewCertificateSchema = createCertificateSchema.pick(['issue_date', 'expiry_date']);

export type RenewCertificateFormValues = Pick<
  CreateCertificateFormValues,
  'issue_date' | 'expiry_date'
>;

/** A renewal is usually issued today; the user sets the new expiry date. */
export function renewInitialValues(now: Date = new Date()): RenewCertificateFormValues {
  return { issue_date: kolkataToday(now), expiry_date: '' };
}

/** PUT /certificates/{id}/ for a renewal: the new dates, plain `yyyy-MM-dd`; the API renews it. */
export function toRenewPayload(values: RenewCertificateFormValues): UpdateCertificatePayload {
  return {
    ...(values.issue_date ? { issue_date: values.issue_date } : {}),
    expiry_date: values.expiry_date,
  };
}
