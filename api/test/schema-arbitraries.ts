/**
 * fast-check arbitraries read from a route's own JSON schema (the TypeBox schemas the routes
 * declare): values the schema accepts, and values that break it in exactly one place, so a
 * property test covers every field of every route, including fields added later.
 *
 * Only the keywords the route schemas use are understood (type, enum, format email,
 * min/maxLength, the password's `pattern` (not only spaces), minimum/maximum, properties, required, additionalProperties,
 * items, min/maxItems (arrays: a webhook's events),
 * the edge's text kind); an unknown
 * keyword fails loudly rather than generating values the schema would not check.
 */
import fc from 'fast-check';
import { NOT_ONLY_SPACES } from '../src/lib/schema';
import { TEXT_KIND, type TextKind } from '../src/lib/text-input';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

const UNDERSTOOD = new Set([
  'type',
  'enum',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'description',
  // Annotations for the API reference; they constrain nothing.
  'examples',
  'title',
  'default',
  TEXT_KIND,
]);

/**
 * Text the API's edge refuses in a string field of `kind` (lib/text-input.ts), whatever the
 * field's other rules: broken, control and direction characters, and nothing visible.
 */
const REFUSED_TEXT: Record<Exclude<TextKind, 'secret'>, string[]> = {
  line: [
    'x\ud800y',
    '\udc00',
    'a\u0000b',
    'a\tb',
    'two\nlines',
    'a\u202eb',
    'a\u2066',
    '\u200b',
    '\u3164',
  ],
  multiline: [
    'x\ud800y',
    'a\u0000b',
    'a\u001bb',
    'a\u0085b',
    'a\u202eb',
    '\u200e',
    '\u200b\n\u2060',
  ],
};

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined)
    throw new Error(`A schema without a type: ${JSON.stringify(schema)}`);
  for (const keyword of Object.keys(schema)) {
    if (!UNDERSTOOD.has(keyword)) throw new Error(`Unknown schema keyword "${keyword}"`);
  }
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** How long generated strings get; long ones only matter at the bounds, tested apart. */
const LONGEST = 40;

/** A value `schema` accepts. */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const choices = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? 1000,
          noNaN: true,
        });
      case 'string':
        if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
        if (schema.format === 'email') {
          return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
        }
        if (schema.format) throw new Error(`Unknown format "${schema.format}"`);
        {
          const text = fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(
              schema.maxLength ?? LONGEST,
              Math.max(LONGEST, schema.minLength ?? 0),
            ),
          });
          if (schema.pattern === undefined) return text;
          // A pattern other than "not only spaces" would need its own generator.
          if (schema.pattern !== NOT_ONLY_SPACES) {
            throw new Error(`Unknown pattern "${String(schema.pattern)}"`);
          }
          return text.map((value) => (/\S/.test(value) ? value : `x${value.slice(1)}`));
        }
      case 'object':
        return validObject(schema);
      case 'array':
        return fc.uniqueArray(validValue(schema.items as JsonSchema), {
          minLength: (schema.minItems as number | undefined) ?? 0,
          maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, 5),
        });
      default:
        throw new Error(`Unknown type "${type}"`);
    }
  });
  return choices.length === 1 ? choices[0] : fc.oneof(...choices);
}

/** An object with every required property and any of the optional ones. */
export function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, validValue(property)]),
  );
  return fc.record(shape, {
    requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value `schema` refuses (wrong type, out of bounds, not in the enum, not an email). */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const wrong: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('null')) wrong.push(fc.constant(null));
  if (!types.includes('boolean')) wrong.push(fc.boolean());
  if (!types.includes('integer') && !types.includes('number')) wrong.push(fc.integer());
  if (!types.includes('string')) wrong.push(fc.string({ maxLength: 10 }));
  if (!types.includes('object'))
    wrong.push(fc.constant({}), fc.dictionary(fc.string(), fc.string()));
  if (!types.includes('array')) wrong.push(fc.array(fc.string(), { maxLength: 3 }));
  if (types.includes('array')) {
    const items = schema.items as JsonSchema;
    // An item the items' schema refuses, among valid ones.
    wrong.push(
      fc.tuple(validValue(items), invalidValue(items)).map(([valid, invalid]) => [valid, invalid]),
    );
    const minItems = (schema.minItems as number | undefined) ?? 0;
    if (minItems > 0) wrong.push(fc.constant([]));
    const maxItems = schema.maxItems as number | undefined;
    if (maxItems !== undefined) {
      wrong.push(fc.array(validValue(items), { minLength: maxItems + 1, maxLength: maxItems + 3 }));
    }
  }
  if (types.includes('string')) {
    if (schema.enum) {
      const allowed = new Set(schema.enum);
      wrong.push(fc.string({ maxLength: 20 }).filter((text) => !allowed.has(text)));
    }
    if (schema.maxLength !== undefined) {
      wrong.push(
        fc
          .string({ minLength: 1, maxLength: 20 })
          .map((extra) => 'x'.repeat(schema.maxLength!) + extra),
      );
    }
    if ((schema.minLength ?? 0) > 0) wrong.push(fc.constant(''));
    if (schema.pattern === NOT_ONLY_SPACES) {
      const length = Math.max(schema.minLength ?? 1, 1);
      wrong.push(fc.constantFrom(' ', '\t', '\n', '\u00a0').map((space) => space.repeat(length)));
    }
    const kind = (schema[TEXT_KIND] as TextKind | undefined) ?? 'line';
    // An enum's own check already refuses any other text, with its own message.
    if (kind !== 'secret' && !schema.enum) {
      wrong.push(
        fc
          .constantFrom(...REFUSED_TEXT[kind])
          .filter((text) => text.length <= (schema.maxLength ?? Infinity)),
      );
    }
    if (schema.format === 'email') {
      wrong.push(
        fc.string({ maxLength: 30 }).filter((text) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)),
        // Valid in RFC 5322, not an ordinary address (@duly/shared's isOrdinaryEmail).
        fc.constantFrom('x@[127.0.0.1]', 'x@[IPv6:::1]', '"a b"@attack.test', 'x@localhost'),
      );
    }
  }
  if (types.includes('integer')) {
    wrong.push(fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }));
    if (schema.minimum !== undefined) {
      wrong.push(fc.integer({ min: -1e9, max: schema.minimum - 1 }));
    }
    if (schema.maximum !== undefined) {
      wrong.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1e9 }));
    }
  }
  return fc.oneof(...wrong);
}

/** A mistake in an object: which field it names (`''` for the whole body) and the object. */
export interface Mistake {
  path: string;
  value: unknown;
}

/**
 * An object `schema` refuses in exactly one place: one property with a value its schema
 * refuses, a required property left out, an unknown property where none is allowed, or no
 * object at all.
 */
export function invalidObject(schema: JsonSchema): fc.Arbitrary<Mistake> {
  const properties = Object.entries(schema.properties ?? {});
  const base = validObject(schema);
  const mistakes: fc.Arbitrary<Mistake>[] = properties.map(([key, property]) =>
    fc
      .tuple(base, invalidValue(property))
      .map(([object, value]) => ({ path: key, value: { ...object, [key]: value } })),
  );
  for (const key of schema.required ?? []) {
    mistakes.push(
      base.map((object) => {
        const rest = { ...object };
        delete rest[key];
        return { path: key, value: rest };
      }),
    );
  }
  if (schema.additionalProperties === false) {
    mistakes.push(
      fc
        .tuple(base, fc.string({ minLength: 1, maxLength: 12 }))
        .filter(([, key]) => !(key in (schema.properties ?? {})) && !key.includes('.'))
        .map(([object, key]) => ({ path: key, value: { ...object, [key]: 'unexpected' } })),
    );
  }
  mistakes.push(
    fc
      .oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 3 }))
      .map((value) => ({ path: '', value })),
  );
  return fc.oneof(...mistakes);
}

/**
 * Dates (years -9999 to 99999, mostly four-digit ones) in the forms the API reads (`YYYY-MM-DD`, instants with and
 * without an offset), for the fields whose name says they hold one (`due_date`,
 * `expiry_date`): the schema only says "text", the handler reads the date.
 */
export function anyDateText(): fc.Arbitrary<string> {
  const offset = fc.constantFrom('Z', '+05:30', '-12:00', '+14:00', '');
  return fc
    .tuple(
      // Mostly near the edges of the years the API accepts, and four digits at the most
      // (the form a date has to have to be read at all), sometimes anything.
      fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1890, max: 2210 }) },
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 9999 }) },
        { weight: 1, arbitrary: fc.integer({ min: -9999, max: 99_999 }) },
      ),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
      fc.integer({ min: 0, max: 23 }),
      offset,
      fc.boolean(),
    )
    .map(([year, month, day, hour, zone, dateOnly]) => {
      const yyyy = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
      const date = `${yyyy}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      return dateOnly ? date : `${date}T${String(hour).padStart(2, '0')}:59:59${zone}`;
    });
}

/**
 * Like validObject, but meaningful where the schema only says "text": fields named `…_id`
 * hold one of `ids[field]` (or of `ids.default`: real rows, so the request reaches the
 * handler's own checks), fields named `…date` hold dates from anyDateText.
 */
export function realisticObject(
  schema: JsonSchema,
  ids: Record<string, readonly string[]> & { default: readonly string[] },
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const overrides = Object.fromEntries(
    keys.flatMap((key): [string, fc.Arbitrary<unknown>][] => {
      if (key.endsWith('_id')) return [[key, fc.constantFrom(...(ids[key] ?? ids.default))]];
      if (key.endsWith('date')) return [[key, anyDateText()]];
      return [];
    }),
  );
  const required = new Set(schema.required ?? []);
  return fc.tuple(validObject(schema), fc.record(overrides)).map(([object, chosen]) => {
    const result: Record<string, unknown> = { ...object };
    for (const [key, value] of Object.entries(chosen)) {
      if (key in result || required.has(key)) result[key] = value;
    }
    return result;
  });
}
