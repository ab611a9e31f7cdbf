import { Type } from 'typebox';
import { EMPLOYEE_STATUSES, ROLES } from '@duly/shared/contract';
import { EMPLOYEE_SORTS } from '../../db/repositories/users';
import {
  Email,
  Enum,
  Id,
  IdParams,
  Nullable,
  ShortText,
  errorResponses,
  listQuery,
} from '../../lib/schema';
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from '@duly/shared/contract';

export const EmployeeStatus = Enum(EMPLOYEE_STATUSES);
export const Role = Enum(ROLES);

/** Employees keep the spec's camelCase firstName/lastName; full_name is both joined. */
export const EmployeeSchema = Type.Object({
  id: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  full_name: Nullable(Type.String()),
  email: Type.String(),
  phone: Nullable(Type.String()),
  department: Nullable(Type.String()),
  role: Role,
  status: EmployeeStatus,
  organization_id: Type.String(),
  invitation_pending: Type.Boolean({
    description: 'True until the person accepts their invitation (sets a password)',
  }),
  pending_email: Nullable(
    Type.String({
      description:
        'The new address of an email change waiting to be confirmed from it (`email` stays ' +
        'the one they sign in with until then); null when none',
    }),
  ),
});

export const EmployeeList = Type.Array(EmployeeSchema);

export const EmployeeListQuery = listQuery(
  Object.keys(EMPLOYEE_SORTS) as (keyof typeof EMPLOYEE_SORTS)[],
  {
    status: Type.Optional(EmployeeStatus),
    role: Type.Optional(Role),
    department: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'Exactly as stored' }),
    ),
  },
);

const PersonName = Nullable(Type.String({ maxLength: MAX_NAME_LENGTH }));
const Phone = Nullable(Type.String({ maxLength: MAX_PHONE_LENGTH }));

export const CreateEmployeeBody = Type.Object({
  firstName: Type.Optional(PersonName),
  lastName: Type.Optional(PersonName),
  email: Email,
  phone: Type.Optional(Phone),
  department: Type.Optional(ShortText),
  role: Type.Optional(Role),
  status: Type.Optional(EmployeeStatus),
  organization_id: Type.Optional(Id),
});

export const UpdateEmployeeBody = Type.Object({
  firstName: Type.Optional(PersonName),
  lastName: Type.Optional(PersonName),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  department: Type.Optional(ShortText),
  role: Type.Optional(Role),
  status: Type.Optional(EmployeeStatus),
  organization_id: Type.Optional(Id),
});

const tags = ['employees'];

export const listEmployeesSchema = {
  operationId: 'listEmployees',
  summary: "The organisation's users, whatever their status",
  tags,
  querystring: EmployeeListQuery,
  response: { 200: EmployeeList, ...errorResponses(400, 401) },
};

export const getEmployeeSchema = {
  operationId: 'getEmployee',
  summary: 'One user of the organisation',
  tags,
  params: IdParams,
  response: { 200: EmployeeSchema, ...errorResponses(401, 404) },
};

export const createEmployeeSchema = {
  operationId: 'createEmployee',
  summary: 'Add a user (manager or admin; only an admin can add an admin)',
  description:
    'The new user has no password yet: they are mailed an invitation link (`/accept-invite`, ' +
    'valid 7 days) unless added as inactive. A mail that fails does not fail the request.',
  tags,
  body: CreateEmployeeBody,
  response: { 201: EmployeeSchema, ...errorResponses(400, 401, 403, 409) },
};

export const updateEmployeeSchema = {
  operationId: 'updateEmployee',
  summary: 'Change a user (manager or admin; only an admin can make or change an admin)',
  description:
    'A new `email` for someone who has set a password does not take effect at once: a ' +
    'confirmation link goes to the new address and a notice to the current one, and the answer ' +
    '(200) keeps `email` and shows the new address in `pending_email` until the person confirms ' +
    'it with their password (`/confirm-email`). For someone invited who has not accepted yet, ' +
    'the email changes at once, their older links stop working and a new invitation goes to ' +
    'the new address (unless inactive). 409 when the email belongs to someone else in the organisation, or when ' +
    'the change would leave the organisation without an active admin (docs/accounts.md).',
  tags,
  params: IdParams,
  body: UpdateEmployeeBody,
  response: { 200: EmployeeSchema, ...errorResponses(400, 401, 403, 404, 409) },
};

export const inviteEmployeeSchema = {
  operationId: 'inviteEmployee',
  summary: 'Send a new invitation (manager or admin; only an admin can invite an admin)',
  description:
    "Mails a new link; the person's older invitation links stop working. 409 when they " +
    'already have a password or are inactive.',
  tags,
  params: IdParams,
  response: {
    202: Type.Object({ message: Type.String() }),
    ...errorResponses(401, 403, 404, 409),
  },
};
