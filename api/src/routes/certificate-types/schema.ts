import { Type } from 'typebox';
import { ROLES } from '@duly/shared/contract';
import {
  Description,
  Enum,
  IdParams,
  Name,
  Nullable,
  PageQuery,
  errorResponses,
} from '../../lib/schema';

/**
 * Days before expiry. The ranges (1–365, at most 5, no day twice) are checked by the handler
 * (@duly/shared `reminderOffsetsProblem`), so a bad list is answered in one sentence.
 */
export const ReminderOffsets = Type.Array(Type.Integer(), {
  description: 'Days before expiry, 1–365 each, at most 5, no day twice',
  examples: [[30, 7]],
});

const Requirement = Type.Object({
  everyone: Type.Boolean(),
  roles: Type.Array(Enum(ROLES)),
  departments: Type.Array(Type.String({ maxLength: 200 })),
});

export const CertificateTypeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  validity_months: Nullable(Type.Integer()),
  reminder_offsets: Type.Array(Type.Integer()),
  remind_after_expiry: Type.Boolean(),
  required_for: Requirement,
  certificate_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const Validity = Nullable(Type.Integer({ description: 'Months, 1–600; null: does not expire' }));

export const CertificateTypeBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    validity_months: Type.Optional(Validity),
    reminder_offsets: Type.Optional(ReminderOffsets),
    remind_after_expiry: Type.Optional(Type.Boolean()),
    required_for: Type.Optional(Requirement),
  },
  { additionalProperties: false },
);

const tags = ['certificate types'];

export const listCertificateTypesSchema = {
  operationId: 'listCertificateTypes',
  summary: "The organisation's certificate types, by name",
  tags,
  querystring: PageQuery,
  response: { 200: Type.Array(CertificateTypeSchema), ...errorResponses(400, 401) },
};

export const getCertificateTypeSchema = {
  operationId: 'getCertificateType',
  summary: 'One certificate type',
  tags,
  params: IdParams,
  response: { 200: CertificateTypeSchema, ...errorResponses(401, 404) },
};

export const createCertificateTypeSchema = {
  operationId: 'createCertificateType',
  summary: 'Add a certificate type (admin); offsets default to [30, 7], optional for everyone',
  tags,
  body: CertificateTypeBody,
  response: { 201: CertificateTypeSchema, ...errorResponses(400, 401, 403, 409) },
};

export const updateCertificateTypeSchema = {
  operationId: 'updateCertificateType',
  summary: 'Change a certificate type (admin); only the fields sent change',
  description: 'Certificates of the type follow it (a new name, new offsets, new requirements).',
  tags,
  params: IdParams,
  body: CertificateTypeBody,
  response: { 200: CertificateTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
};

export const deleteCertificateTypeSchema = {
  operationId: 'deleteCertificateType',
  summary: 'Delete a certificate type no certificate is of (admin); 409 when in use',
  tags,
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
};

export const linkCertificatesSchema = {
  operationId: 'linkCertificatesToType',
  summary: 'Give the type to every untyped certificate named like it (admin)',
  tags,
  params: IdParams,
  response: {
    200: Type.Object({ linked: Type.Integer() }),
    ...errorResponses(401, 403, 404),
  },
};
