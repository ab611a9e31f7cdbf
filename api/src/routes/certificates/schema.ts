import { Type } from 'typebox';
import {
  CERTIFICATE_STATUSES,
  EXPIRING_WITHIN_DAYS_MAX,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
} from '@duly/shared/contract';
import { CERTIFICATE_SORTS } from '../../db/repositories/certificates';
import { ReminderOffsets } from '../certificate-types/schema';
import {
  Description,
  Enum,
  Id,
  IdParams,
  Name,
  Nullable,
  PersonRef,
  ShortText,
  errorResponses,
  listQuery,
} from '../../lib/schema';

export const CertificateStatus = Enum(CERTIFICATE_STATUSES);

export const CertificateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  issue_date: Nullable(Type.String({ description: 'YYYY-MM-DD, Asia/Kolkata' })),
  expiry_date: Type.String({ description: 'YYYY-MM-DD, Asia/Kolkata' }),
  reminder_days_before: Type.Integer(),
  certificate_type_id: Nullable(Type.String()),
  reminder_offsets: Nullable(Type.Array(Type.Integer())),
  department: Nullable(Type.String()),
  incharge_person_id: Nullable(Type.String()),
  organization_id: Type.String(),
  created_by_user_id: Type.String(),
  status: CertificateStatus,
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The incharge person. */
  assigned_to: Type.Optional(PersonRef),
});

export const CertificateList = Type.Array(CertificateSchema);

export const CertificateListQuery = listQuery(
  Object.keys(CERTIFICATE_SORTS) as (keyof typeof CERTIFICATE_SORTS)[],
  {
    status: Type.Optional(CertificateStatus),
    incharge_person_id: Type.Optional(Id),
    expiring_within_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: EXPIRING_WITHIN_DAYS_MAX,
        description:
          'Only certificates whose expiry date is from today to this many days ahead (Asia/Kolkata)',
      }),
    ),
    in_reminder_window: Type.Optional(
      Enum(['true', 'false'] as const, {
        description:
          'Only certificates in their reminder window: expiring from today (Asia/Kolkata) to their own reminder_days_before days ahead',
      }),
    ),
  },
);

const ReminderDays = Type.Integer({ minimum: REMINDER_DAYS_MIN, maximum: REMINDER_DAYS_MAX });
/**
 * A certificate's date sent on create, edit and renew (issue 25: one encoding for the three):
 * `YYYY-MM-DD`, the Asia/Kolkata calendar date, as the API stores and answers it and as the
 * certificate screens send it. An ISO instant is still read as its Asia/Kolkata date: the
 * remote-certificates of releases before issue 25 sent one on create, and a remote runs
 * against a newer API until its own deploy (docs/deploying.md).
 */
export const CertificateDate = Type.String({
  // The bounds of every date field (DateText): a too-long instant is refused alike.
  minLength: 1,
  maxLength: 40,
  description: 'YYYY-MM-DD, Asia/Kolkata (an ISO instant is read as its Asia/Kolkata date)',
  examples: ['2026-12-15'],
});

export const CreateCertificateBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  issue_date: Type.Optional(Nullable(CertificateDate)),
  expiry_date: CertificateDate,
  reminder_days_before: ReminderDays,
  certificate_type_id: Type.Optional(Nullable(Id)),
  reminder_offsets: Type.Optional(Nullable(ReminderOffsets)),
  department: Type.Optional(ShortText),
  incharge_person_id: Type.Optional(Nullable(Id)),
  /** Accepted for the form's sake; a new certificate is always active. */
  status: Type.Optional(CertificateStatus),
  organization_id: Type.Optional(Id),
  created_by_user_id: Type.Optional(Id),
});

export const UpdateCertificateBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Description),
  issue_date: Type.Optional(Nullable(CertificateDate)),
  expiry_date: Type.Optional(CertificateDate),
  reminder_days_before: Type.Optional(ReminderDays),
  certificate_type_id: Type.Optional(Nullable(Id)),
  reminder_offsets: Type.Optional(Nullable(ReminderOffsets)),
  department: Type.Optional(ShortText),
  incharge_person_id: Type.Optional(Nullable(Id)),
  status: Type.Optional(CertificateStatus),
  organization_id: Type.Optional(Id),
  created_by_user_id: Type.Optional(Id),
});

const tags = ['certificates'];

export const listCertificatesSchema = {
  operationId: 'listCertificates',
  summary: "The organisation's certificates (an employee: only those they are in charge of)",
  tags,
  querystring: CertificateListQuery,
  response: { 200: CertificateList, ...errorResponses(400, 401) },
};

export const getCertificateSchema = {
  operationId: 'getCertificate',
  summary: 'One certificate',
  tags,
  params: IdParams,
  response: { 200: CertificateSchema, ...errorResponses(401, 404) },
};

export const createCertificateSchema = {
  operationId: 'createCertificate',
  summary:
    'Create a certificate; it starts active. An employee only in their own charge (issue 26: 403 for anyone else)',
  tags,
  body: CreateCertificateBody,
  response: { 201: CertificateSchema, ...errorResponses(400, 401, 403) },
};

export const updateCertificateSchema = {
  operationId: 'updateCertificate',
  summary: 'Change a certificate (manager or admin); only the fields sent change',
  description:
    'An expired or escalated certificate saved with an expiry date of today or later becomes renewed.',
  tags,
  params: IdParams,
  body: UpdateCertificateBody,
  response: { 200: CertificateSchema, ...errorResponses(400, 401, 403, 404) },
};
