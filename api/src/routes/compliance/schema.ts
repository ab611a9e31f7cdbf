import { Type } from 'typebox';
import { COMPLIANCE_STATES, ROLES } from '@duly/shared/contract';
import { Enum, Id, Nullable, PageQuery, ShortText, errorResponses } from '../../lib/schema';

const filters = {
  department: Type.Optional(ShortText),
  team_of: Type.Optional({
    ...Id,
    description: "A manager's id: the people of their department (their team)",
  }),
  type_id: Type.Optional(Id),
  // Query strings are text: `true` or `false`.
  gaps_only: Type.Optional(
    Enum(['true', 'false'] as const, {
      description: 'Only people with a missing or expired certificate',
    }),
  ),
  include_inactive: Type.Optional(
    Enum(['true', 'false'] as const, { description: 'Inactive people too' }),
  ),
  sort: Type.Optional(
    Enum(['name', '-name', 'compliance', '-compliance'] as const, {
      description: 'By name (default) or by percent compliant; `-` first for descending',
    }),
  ),
};

export const ComplianceQuery = Type.Object({ ...PageQuery.properties, ...filters });

export const ComplianceExportQuery = Type.Object({
  ...filters,
  format: Type.Optional(Enum(['csv', 'xlsx'] as const, { description: 'csv (default) or xlsx' })),
});

const Cell = Type.Object({
  type_id: Type.String(),
  state: Enum(COMPLIANCE_STATES),
  certificate_id: Nullable(Type.String()),
  expiry_date: Nullable(Type.String()),
});

export const ComplianceMatrixSchema = Type.Object({
  types: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  rows: Type.Array(
    Type.Object({
      employee: Type.Object({
        id: Type.String(),
        full_name: Nullable(Type.String()),
        department: Nullable(Type.String()),
        role: Enum(ROLES),
      }),
      cells: Type.Array(Cell),
      compliant_percent: Type.Integer(),
      gaps: Type.Integer(),
    }),
  ),
  totals: Type.Object({
    by_type: Type.Array(
      Type.Object({
        type_id: Type.String(),
        required: Type.Integer(),
        compliant: Type.Integer(),
        compliant_percent: Type.Integer(),
      }),
    ),
    organization_percent: Type.Integer(),
    gaps: Type.Integer(),
  }),
});

const tags = ['compliance'];

export const complianceSchema = {
  operationId: 'getCompliance',
  summary: 'The compliance matrix: people × required certificate types (managers and admins)',
  description:
    'A page of people (`limit`/`offset`, total in X-Total-Count); columns are the types ' +
    'required for at least one person matching; totals cover every person matching.',
  tags,
  querystring: ComplianceQuery,
  response: { 200: ComplianceMatrixSchema, ...errorResponses(400, 401, 403, 404) },
};

export const complianceExportSchema = {
  operationId: 'exportCompliance',
  summary: 'The compliance matrix as CSV or .xlsx, states as words',
  tags,
  querystring: ComplianceExportQuery,
  response: {
    200: Type.String({ description: 'text/csv (UTF-8 with BOM) or .xlsx' }),
    ...errorResponses(400, 401, 403, 404),
  },
};
