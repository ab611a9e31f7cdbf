/**
 * Turns schema validation errors (TypeBox, Ajv-shaped) into one readable
 * message per field: `{ path: 'title', message: 'is required' }`.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Format } from 'typebox/format';
import { isOrdinaryEmail } from '@duly/shared/contract';
import type { FieldError } from './http-errors';
import { NOT_ONLY_SPACES } from './schema';
import { cleanText } from './text-input';

// `format: 'email'` is the forms' rule (@duly/shared), not TypeBox's RFC 5322 one, which
// accepts IP literals and quoted local parts. TypeBox keeps formats in one registry per
// process; every route is compiled after this module is loaded.
Format.Set('email', isOrdinaryEmail);

/** The `pattern`s the schemas use, as a person reads them. */
const PATTERN_MESSAGES: Record<string, string> = {
  [NOT_ONLY_SPACES]: 'must not be only spaces',
};

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Where the error happened, for errors about the whole body or query string. */
const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

function joinPath(instancePath: string, property?: string): string {
  const segments = instancePath.split('/').filter(Boolean);
  if (property !== undefined) segments.push(property);
  return segments.join('.');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function describeTypes(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((name) => TYPE_NAMES[String(name)] ?? String(name)).join(' or ');
}

function describe(error: SchemaError): string {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${describeTypes(params.type)}`;
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${params.limit} characters`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'boolean':
      return 'is not allowed';
    case 'pattern':
      return PATTERN_MESSAGES[String(params.pattern)] ?? 'is not in the expected form';
    case 'format':
      return params.format === 'email'
        ? 'must be a valid email address'
        : `must be a valid ${String(params.format)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Errors that only say "a branch failed" or "schema is false" (TypeBox's word
 * for an unexpected property); a clearer error about the same field wins.
 */
const VAGUE = new Set(['anyOf', 'oneOf', 'const', 'boolean']);

/** The properties an error is about: the missing or unexpected ones, or the instance itself. */
function propertiesOf(error: SchemaError): (string | undefined)[] {
  const { params } = error;
  if (error.keyword === 'required') {
    return (params.requiredProperties ?? [params.missingProperty]) as string[];
  }
  if (error.keyword === 'additionalProperties') {
    return (
      Array.isArray(params.additionalProperties)
        ? params.additionalProperties
        : [params.additionalProperty]
    ) as string[];
  }
  return [undefined];
}

export function toFieldErrors(errors: readonly SchemaError[], part = 'body'): FieldError[] {
  const byPath = new Map<string, { error: FieldError; vague: boolean }>();
  for (const error of errors) {
    for (const property of propertiesOf(error)) {
      const path = joinPath(error.instancePath, property) || (PART_NAMES[part] ?? part);
      const vague = VAGUE.has(error.keyword);
      const known = byPath.get(path);
      if (!known || (known.vague && !vague)) {
        byPath.set(path, { error: { path, message: describe(error) }, vague });
      }
    }
  }
  return [...byPath.values()].map(({ error }) => error);
}

/**
 * Fastify's validator compiler for the API: TypeBox's compiled checks.
 * Bodies are checked as sent (a number is not a string). Query strings and
 * path parameters arrive as text, so the fields the schema declares numeric
 * are converted first ('50' → 50; 'ten' stays and fails the check). That is
 * all the conversion these routes need, and far cheaper per request than
 * TypeBox's general Value.Convert.
 *
 * Every string is checked and normalised first (text-input.ts): the API's one edge for
 * text. Its problems and the schema's come back in one 400.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const numeric =
    httpPart === 'body'
      ? []
      : Object.entries(
          (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {},
        )
          .filter(([, property]) => property.type === 'integer' || property.type === 'number')
          .map(([name]) => name);

  // Headers are the client's and the proxies' business, not text the API stores.
  const checksText = httpPart !== 'headers';

  return (sent: unknown) => {
    const textErrors: SchemaError[] = [];
    const value = checksText ? cleanText(sent, schema, textErrors) : sent;
    if (numeric.length > 0 && value !== null && typeof value === 'object') {
      const fields = value as Record<string, unknown>;
      for (const name of numeric) {
        const text = fields[name];
        if (typeof text === 'string' && NUMBER_TEXT.test(text)) fields[name] = Number(text);
      }
    }
    if (textErrors.length === 0 && validator.Check(value)) return { value };
    const schemaErrors = validator.Check(value) ? [] : (validator.Errors(value) as SchemaError[]);
    return { error: [...textErrors, ...schemaErrors] as unknown as FastifySchemaValidationError[] };
  };
};

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
