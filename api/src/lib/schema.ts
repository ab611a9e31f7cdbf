/**
 * TypeBox building blocks shared by the route schemas. Bounds come from the
 * contract constants, so the API and the forms agree.
 */
import { Type, type Static, type TSchema } from 'typebox';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PAGE_SIZE_MAX,
} from '@duly/shared/contract';
import { TEXT_KIND } from './text-input';

/**
 * `T | null` as a JSON-schema type list (`type: ['string', 'null']`) rather
 * than `anyOf`: validation errors stay one per field, and the response
 * serializer does not have to try each branch.
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** Ids are UUIDs, but any string is accepted and simply matches nothing (404 or a named 400). */
export const Id = Type.String({
  minLength: 1,
  maxLength: 64,
  examples: ['0b7e5a52-3c1d-4f7a-9a53-2f6d1e8c4b90'],
});
export const IdParams = Type.Object({ id: Id });

/**
 * Every string is one line of visible text, checked and normalised at the edge
 * (lib/text-input.ts), unless its schema says otherwise with TEXT_KIND.
 */

/** Titles, names, organisation names: 1 to 200 characters. */
export const Name = Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH });
/** Short optional texts (department, phone): up to 200 characters or null. */
export const ShortText = Nullable(Type.String({ maxLength: MAX_NAME_LENGTH }));
/** Several lines: tabs and line breaks are kept. */
export const Description = Nullable(
  Type.String({ maxLength: MAX_DESCRIPTION_LENGTH, [TEXT_KIND]: 'multiline' }),
);
/** An ISO instant or a date, checked and normalised by lib/dates.ts (with a clear message). */
export const DateText = Type.String({
  minLength: 1,
  maxLength: 40,
  examples: ['2026-12-15T09:00:00.000Z', '2026-12-15'],
});
export const Email = Type.String({
  format: 'email',
  maxLength: 254,
  examples: ['asha@example.com'],
});

/** Somewhere in the text a character that is not a space: `pattern` finds, not matches. */
export const NOT_ONLY_SPACES = '\\S';

/**
 * A password being set (sign-up, a change, a reset): the rule of `newPasswordRule` in
 * @duly/shared. Length counts code points, as the form does.
 */
export const NewPassword = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  pattern: NOT_ONLY_SPACES,
  examples: ['a long passphrase'],
  // Hashed exactly as typed: the edge neither normalises nor refuses any character of it.
  [TEXT_KIND]: 'secret',
});

/** A password being checked (sign-in, the current one): any, up to a bound that keeps hashing cheap. */
export const AnyPassword = Type.String({
  minLength: 1,
  maxLength: 1024,
  examples: ['duly-demo-2026'],
  [TEXT_KIND]: 'secret',
});

export function Enum<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * The largest `offset` a list accepts. Beyond it a number stops being a safe integer in
 * JavaScript or a bigint in PostgreSQL (a 500 before this bound), and no screen pages that
 * far: a million rows of one organisation are searched, not paged through.
 */
export const OFFSET_MAX = 1_000_000;

/** `limit` (default 50, at most 200) and `offset` (at most OFFSET_MAX). */
export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, description: 'Default 50' }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: OFFSET_MAX })),
});

/** Paging plus `q` and `sort` (one of `sortable`, `-` prefixed for descending) and `filters`. */
export function listQuery<const T extends readonly string[], P extends Record<string, TSchema>>(
  sortable: T,
  filters: P,
) {
  const sorts = sortable.flatMap((column) => [column, `-${column}`]);
  return Type.Object({
    ...PageQuery.properties,
    q: Type.Optional(
      Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Contains, any case' }),
    ),
    sort: Type.Optional(Enum(sorts, { description: 'A column; `-` first for descending' })),
    ...filters,
  });
}

export const ErrorBody = Type.Object({
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});

/** The error answers a route can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

/** A person embedded in a list item: assignee, assigner, incharge person. */
export const PersonRef = Type.Object({
  id: Type.String(),
  full_name: Nullable(Type.String()),
});
