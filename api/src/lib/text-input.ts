/**
 * Text as the API takes it in (issue 24): every string of a body, a query or a path is checked
 * and normalised here, once, before its schema sees it (validation.ts), so no route stores text
 * that looks other than it reads:
 *
 * - a broken character (a lone UTF-16 surrogate, which JSON's `\ud800` makes) is refused: the
 *   databases would store it as U+FFFD and two different texts would become one;
 * - control characters are refused (NUL included), except tab and line breaks in the texts
 *   that may hold several lines (`multiline` below, the descriptions);
 * - text-direction controls are refused: U+202E turned "Invoice \u202Efdp.exe" into what a
 *   mail shows as "Invoice exe.pdf";
 * - text made only of invisible characters (zero-width spaces, joiners, fillers) is refused: a
 *   title or a name must show something. Text of spaces only is left to the rules of blank text
 *   (schema.ts's patterns, input.ts's requiredText and optionalText);
 * - the rest is stored in Unicode NFC, so "é" typed as one character or as "e" and an accent is
 *   one text for search, sorting and uniqueness.
 *
 * Passwords are `secret`: compared, never shown, and hashed as sent; normalising them would
 * lock out whoever chose one before this rule.
 */
import type { SchemaError } from './validation';

/** How the edge treats a string field; set in the schema as `{ [TEXT_KIND]: … }`. */
export type TextKind = 'line' | 'multiline' | 'secret';
/** The schema keyword that names a field's TextKind; without it, a field is one `line`. */
export const TEXT_KIND = 'x-text';

/** A UTF-16 surrogate standing alone: with the `u` flag, a pair is one character, not Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
/* eslint-disable no-control-regex -- finding control characters is what these are for */
/** Controls (Unicode Cc, C0 and C1) and line and paragraph separators: none in one line. */
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Controls other than tab, line feed and carriage return. */
const MULTILINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Text that NFC could change (ASCII never changes): most text skips the normalisation. */
const NOT_ASCII = /[^\u0000-\u007f]/;
/* eslint-enable no-control-regex */
/** Marks and embeddings, overrides and isolates that change the direction text is shown in. */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/**
 * A character that shows: a letter, digit, punctuation or symbol, but not the letters and
 * symbols that are drawn as nothing (the Hangul fillers, the blank Braille pattern).
 */
const VISIBLE = /(?![\u115f\u1160\u3164\uffa0\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/** What is wrong with a text of `kind`, as a field message, or null when it may be stored. */
function problemOf(text: string, kind: Exclude<TextKind, 'secret'>): string | null {
  if (LONE_SURROGATE.test(text)) return 'must not contain broken characters (a lone surrogate)';
  if (kind === 'line' ? LINE_CONTROLS.test(text) : MULTILINE_CONTROLS.test(text)) {
    return kind === 'line'
      ? 'must be one line without control characters'
      : 'must not contain control characters other than tabs and line breaks';
  }
  if (DIRECTION_CONTROLS.test(text)) return 'must not contain text-direction control characters';
  if (/\S/.test(text) && !VISIBLE.test(text)) return 'must contain a visible character';
  return null;
}

interface StringSchema {
  [TEXT_KIND]?: TextKind;
  properties?: Record<string, StringSchema>;
  items?: StringSchema;
}

/**
 * Checks and normalises every string of `value` that `schema` describes: objects are changed
 * in place, the value returned is the one to use (a new string where `value` is one).
 * Problems are added to `errors` in the shape of schema errors, so one 400 names them with
 * the schema's own.
 */
export function cleanText(
  value: unknown,
  schema: StringSchema | undefined,
  errors: SchemaError[],
  path = '',
): unknown {
  if (schema === undefined) return value;
  if (typeof value === 'string') {
    const kind = schema[TEXT_KIND] ?? 'line';
    if (kind === 'secret') return value;
    const problem = problemOf(value, kind);
    if (problem) {
      errors.push({ keyword: 'text', instancePath: path, params: {}, message: problem });
      return value;
    }
    return NOT_ASCII.test(value) ? value.normalize('NFC') : value;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      value[index] = cleanText(item, schema.items, errors, `${path}/${index}`);
    });
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      fields[key] = cleanText(fields[key], schema.properties?.[key], errors, `${path}/${key}`);
    }
  }
  return value;
}
