import { Type } from 'typebox';
import { Enum, IdParams, Nullable, PageQuery, errorResponses } from '../../lib/schema';

const tags = ['imports'];

export const ImportKind = Enum(['employees', 'certificates'] as const);
export const ImportMode = Enum(['insert', 'update', 'upsert'] as const);
export const ImportOutcome = Enum(['create', 'update', 'unchanged', 'error'] as const);

export const ImportSchema = Type.Object({
  id: Type.String(),
  kind: ImportKind,
  mode: ImportMode,
  dry_run: Type.Boolean(),
  status: Enum(['queued', 'running', 'done', 'failed'] as const),
  total_rows: Type.Integer(),
  processed_rows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  error: Type.Optional(Type.String()),
  file_name: Type.String(),
  send_invitations: Type.Boolean(),
  headers: Type.Array(Type.String(), { description: "The file's header row" }),
  mapping: Type.Record(Type.String(), Type.String(), {
    description: '`{ header: field }` as used; headers left out are ignored',
  }),
  sheet: Nullable(Type.String({ description: 'The Excel sheet read; null for CSV' })),
  date_order: Type.Unsafe<'day-first' | 'month-first' | null>({
    type: ['string', 'null'],
    enum: ['day-first', 'month-first', null],
    description: 'How `03/04/2025`-style dates of this file are read (one choice per file)',
  }),
  preview_id: Nullable(Type.String()),
  created_at: Type.String(),
});

const Change = Type.Array(Type.Unknown(), {
  minItems: 2,
  maxItems: 2,
  description: '[before, after]',
});

export const RowResultSchema = Type.Object({
  row: Type.Integer({ description: '1 = the first data row' }),
  outcome: ImportOutcome,
  changes: Type.Optional(Type.Record(Type.String(), Change)),
  errors: Type.Optional(Type.Array(Type.Object({ column: Type.String(), message: Type.String() }))),
});

export const createImportSchema = {
  operationId: 'createImport',
  summary: 'Import employees or certificates from a CSV or .xlsx file (managers and admins)',
  description:
    'multipart/form-data: `file` (.csv with `,` `;` or tab, any of UTF-8 ± BOM, UTF-16, ' +
    'Windows-1252; or .xlsx), `kind` (employees|certificates), `mode` (insert|update|upsert, ' +
    'default upsert), `mapping` (optional JSON `{ header: field }`), `dry_run` (true: a preview ' +
    'that changes nothing), `preview_id` (apply exactly that preview, or fail if the ' +
    'organisation changed since), `sheet` (.xlsx), `send_invitations` (employees; default ' +
    'false). Answers 202 with the queued import; file-level problems answer 400 at once; 409 ' +
    'while another import of the organisation is queued or running (docs/import-export.md).',
  tags,
  consumes: ['multipart/form-data'],
  response: { 202: ImportSchema, ...errorResponses(400, 401, 403, 409) },
};

export const getImportSchema = {
  operationId: 'getImport',
  summary: "An import's status, counts and progress (managers and admins)",
  tags,
  params: IdParams,
  response: { 200: ImportSchema, ...errorResponses(401, 403, 404) },
};

export const listImportRowsSchema = {
  operationId: 'listImportRows',
  summary: "An import's per-row results, by row (managers and admins); X-Total-Count",
  tags,
  params: IdParams,
  querystring: Type.Object({ ...PageQuery.properties, outcome: Type.Optional(ImportOutcome) }),
  response: { 200: Type.Array(RowResultSchema), ...errorResponses(400, 401, 403, 404) },
};

export const importErrorsCsvSchema = {
  operationId: 'getImportErrorsCsv',
  summary:
    'The rows an import did not apply, as CSV: their original cells and an `error` column (managers and admins)',
  tags,
  params: IdParams,
  response: {
    200: Type.String({ description: 'text/csv (UTF-8 with BOM)' }),
    ...errorResponses(401, 403, 404),
  },
};
