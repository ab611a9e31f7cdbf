/**
 * Checks the schema cannot express (blank text, real dates) and collects every
 * problem before answering, so one 400 names all the bad fields at once.
 */
import { badRequest, forbidden, type FieldError } from './http-errors';
import { FIRST_YEAR, LAST_YEAR, parseCalendarDate, parseInstant } from './dates';

const YEARS = `between ${FIRST_YEAR} and ${LAST_YEAR}`;

export class InputCheck {
  private readonly errors: FieldError[] = [];

  fail(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  /** Trimmed text that must not be blank. */
  requiredText(value: string, path: string): string {
    const text = value.trim();
    if (text === '') this.fail(path, 'must not be blank');
    return text;
  }

  /** An instant with any offset (or Asia/Kolkata without one) → ISO UTC, in FIRST_YEAR..LAST_YEAR. */
  instant(value: string, path: string): string {
    const instant = parseInstant(value.trim());
    if (instant === null) {
      this.fail(path, `must be a valid date and time ${YEARS}, such as 2025-01-05T10:00:00+05:30`);
    }
    return instant ?? '';
  }

  /** `YYYY-MM-DD`, or an instant taken as its Asia/Kolkata date, in FIRST_YEAR..LAST_YEAR. */
  calendarDate(value: string, path: string): string {
    const date = parseCalendarDate(value.trim());
    if (date === null) this.fail(path, `must be a valid date ${YEARS}, such as 2025-01-05`);
    return date ?? '';
  }

  /** Throws one 400 naming every field that failed. */
  done(): void {
    if (this.errors.length > 0) throw badRequest(this.errors);
  }
}

/** Optional text: undefined stays "not sent", blank becomes null. */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * The organisation and the acting user come from the token (ARCHITECTURE 6):
 * a payload that names someone else is refused, not silently corrected.
 */
export function rejectForeignIds(
  payload: Partial<Record<string, unknown>>,
  allowed: Record<string, readonly (string | null)[]>,
): void {
  for (const [field, values] of Object.entries(allowed)) {
    const value = payload[field];
    if (value !== undefined && !values.includes(value as string | null)) {
      throw forbidden(`${field} does not match the signed-in user`);
    }
  }
}
