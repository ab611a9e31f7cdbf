/**
 * What every kind of import shares: a row's cells by field, the API's own validation of the
 * body a row makes (lib/validation.ts: the same compiled schemas and messages as the routes),
 * and a row's planned result.
 */
import type { TSchema } from 'typebox';
import type { ImportOutcome } from '../db/tables';
import type { ActivityValue } from '@duly/shared/contract';
import { HttpError, type FieldError } from '../lib/http-errors';
import { toFieldErrors, validatorCompiler, type SchemaError } from '../lib/validation';

export interface RowError {
  /** The file's header of the column (or the field's name when the file has no such column). */
  column: string;
  message: string;
}

export interface PlannedRow<Write = unknown> {
  row: number;
  outcome: ImportOutcome;
  changes?: Record<string, [ActivityValue, ActivityValue]>;
  errors?: RowError[];
  /** What the apply writes; never stored (the apply plans again and compares). */
  write?: Write;
}

/** The row's cells by field: trimmed text, only for the mapped fields. */
export function recordOf(
  cells: readonly string[],
  headers: readonly string[],
  mapping: Record<string, string>,
): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) record[field] = (cells[index] ?? '').trim();
  });
  return record;
}

type Validate = (value: unknown) => { value?: unknown; error?: unknown };

const compiled = new WeakMap<TSchema, Validate>();

/** The route's body schema, checked exactly as Fastify checks it for the route. */
export function checkBody(
  schema: TSchema,
  body: Record<string, unknown>,
): { value: Record<string, unknown>; errors: FieldError[] } {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = validatorCompiler({
      schema,
      httpPart: 'body',
      method: 'POST',
      url: '/imports',
    }) as Validate;
    compiled.set(schema, validate);
  }
  const result = validate(body);
  if (result.error) {
    return { value: body, errors: toFieldErrors(result.error as SchemaError[]) };
  }
  return { value: (result.value ?? body) as Record<string, unknown>, errors: [] };
}

/** The field errors of a thrown 400 (InputCheck.done()), or the error itself again. */
export function fieldErrorsOf(run: () => void): FieldError[] {
  try {
    run();
    return [];
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.errors ?? [];
    throw error;
  }
}

/** Field errors (named as the API's body names them) as the file's columns name them. */
export function columnErrors(
  errors: readonly FieldError[],
  columnOf: (path: string) => string,
): RowError[] {
  return errors.map((error) => ({ column: columnOf(error.path), message: error.message }));
}

/** `{ field: [old, new] }` for the fields whose new value differs. */
export function diff(
  before: Record<string, ActivityValue>,
  after: Record<string, ActivityValue>,
): Record<string, [ActivityValue, ActivityValue]> {
  const changes: Record<string, [ActivityValue, ActivityValue]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if ((before[field] ?? null) !== (value ?? null))
      changes[field] = [before[field] ?? null, value];
  }
  return changes;
}
