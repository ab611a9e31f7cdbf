/**
 * The history's sentences (issue 29): an entry of GET /activity → "Rahul Verma changed the
 * expiry date from 12 Mar 2026 to 12 Mar 2027", and "3 hours ago". Dates in Asia/Kolkata.
 */
import { formatCalendarDate, formatInstant } from './dates';
import { parseInKolkata } from './instant';
import { statusLabel } from './status';
import type { ActivityEntry, ActivityEntityType, ActivityValue } from './types';

/** The day of a calendar date or instant in a history sentence: `12 Mar 2026`. */
export const HISTORY_DATE_FORMAT = 'd MMM yyyy';
/** A due instant in a history sentence: `12 Mar 2026, 10:00`. */
export const HISTORY_INSTANT_FORMAT = 'd MMM yyyy, HH:mm';

/** Who did it: the person (or import, API token) by name at the time, or Duly itself. */
export function activityActorName(entry: Pick<ActivityEntry, 'actor' | 'actor_kind'>): string {
  if (entry.actor_kind === 'system') return 'Duly';
  return entry.actor?.full_name || (entry.actor_kind === 'api_token' ? 'An API token' : 'Someone');
}

const ITEM_NAMES: Record<ActivityEntityType, string> = {
  task: 'this task',
  certificate: 'this certificate',
  employee: 'this person',
  certificate_type: 'this certificate type',
};

function fieldLabel(field: string, entityType: ActivityEntityType): string {
  switch (field) {
    case 'assigned_to':
      return entityType === 'certificate' ? 'person in charge' : 'assignee';
    case 'reminder_days_before':
      return 'reminder days';
    case 'full_name':
      return 'name';
    default:
      return field.replace(/_/g, ' ');
  }
}

function valueText(field: string, value: ActivityValue): string {
  if (value === null || value === '') return '';
  if (field === 'status') return statusLabel(String(value));
  if (field === 'expiry_date' || field === 'issue_date') {
    return formatCalendarDate(String(value), HISTORY_DATE_FORMAT) || String(value);
  }
  if (field === 'due_date') {
    return formatInstant(String(value), HISTORY_INSTANT_FORMAT) || String(value);
  }
  if (field === 'role') return String(value).replace(/^./, (first) => first.toUpperCase());
  return String(value);
}

/** The fields a sentence names: ids give way to the names recorded beside them. */
function shownFields(changes: ActivityEntry['changes']): string[] {
  const fields = Object.keys(changes);
  return fields.filter((field) => {
    if (
      (field === 'assigned_to_user_id' || field === 'incharge_person_id') &&
      'assigned_to' in changes
    ) {
      return false;
    }
    if ((field === 'first_name' || field === 'last_name') && 'full_name' in changes) return false;
    return true;
  });
}

function changeClause(
  field: string,
  [from, to]: [ActivityValue, ActivityValue],
  type: ActivityEntityType,
): string {
  const label = fieldLabel(field, type);
  const old = valueText(field, from);
  const next = valueText(field, to);
  if (old === '') return `set the ${label} to ${next}`;
  if (next === '') return `cleared the ${label} (was ${old})`;
  return `changed the ${label} from ${old} to ${next}`;
}

function joinClauses(clauses: string[]): string {
  if (clauses.length <= 1) return clauses[0] ?? '';
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`;
}

/** One sentence for an entry, starting with who did it. */
export function describeActivity(entry: ActivityEntry): string {
  const who = activityActorName(entry);
  const item = ITEM_NAMES[entry.entity_type];
  switch (entry.action) {
    case 'created':
      return `${who} created ${item}`;
    case 'signed_in':
      return `${who} signed in`;
    case 'password_changed':
      return `${who} changed their password`;
    case 'invited':
      return `${who} sent an invitation`;
    case 'imported':
      return `${who} imported ${item}`;
    case 'document_uploaded':
      return `${who} uploaded a document`;
    case 'document_approved':
      return `${who} approved a document`;
    case 'document_rejected':
      return `${who} rejected a document`;
    case 'document_deleted':
      return `${who} deleted a document`;
    case 'deleted':
      return `${who} deleted ${item}`;
    default:
      break;
  }
  const clauses = shownFields(entry.changes).map((field) =>
    changeClause(field, entry.changes[field] as [ActivityValue, ActivityValue], entry.entity_type),
  );
  if (clauses.length === 0) {
    if (entry.action === 'deactivated') return `${who} deactivated ${item}`;
    if (entry.action === 'renewed') return `${who} renewed ${item}`;
    return `${who} updated ${item}`;
  }
  return `${who} ${joinClauses(clauses)}`;
}

/** Whole calendar months from `earlier` to `later` (UTC; a day past the month's end is its last). */
function wholeMonths(earlier: Date, later: Date): number {
  let months =
    (later.getUTCFullYear() - earlier.getUTCFullYear()) * 12 +
    later.getUTCMonth() -
    earlier.getUTCMonth();
  const plusMonths = (count: number) => {
    const moved = new Date(earlier.getTime());
    const day = moved.getUTCDate();
    moved.setUTCDate(1);
    moved.setUTCMonth(moved.getUTCMonth() + count);
    const last = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0));
    moved.setUTCDate(Math.min(day, last.getUTCDate()));
    return moved.getTime();
  };
  while (months > 0 && plusMonths(months) > later.getTime()) months -= 1;
  return months;
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
// Made on first use, not when the module is evaluated: constructing it loads the browser's
// locale data (about 60 ms at CPU 4x), and this module is evaluated at every signed-in start-up
// (the contract's index imports it) while only the activity screens format ages (issue 32).
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relativeTime = {
  format: (value: number, unit: Intl.RelativeTimeFormatUnit): string =>
    (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' })).format(
      value,
      unit,
    ),
};

/** "3 hours ago", "in 2 minutes" (a clock a little behind), "just now". */
export function activityAge(at: string, now: Date = new Date()): string {
  // Read as luxon's fromISO in UTC read it (the API's instants carry their offset).
  const then = parseInKolkata(at, (local) => local);
  if (then === null) return '';
  const difference = then - now.getTime();
  if (Math.abs(difference) < 60_000) return 'just now';
  // The largest unit with at least one whole of it, truncated, as luxon's toRelative said it.
  const sign = Math.sign(difference);
  const [earlier, later] = sign < 0 ? [new Date(then), now] : [now, new Date(then)];
  const months = wholeMonths(earlier, later);
  if (months >= 12) return relativeTime.format(sign * Math.floor(months / 12), 'year');
  if (months >= 1) return relativeTime.format(sign * months, 'month');
  for (const [unit, ms] of RELATIVE_UNITS) {
    const count = Math.trunc(Math.abs(difference) / ms);
    if (count >= 1) return relativeTime.format(sign * count, unit);
  }
  return relativeTime.format(0, 'second');
}

/** The entry's moment in full, in Asia/Kolkata: `12 Mar 2026, 10:00`. */
export function activityMoment(at: string): string {
  return formatInstant(at, HISTORY_INSTANT_FORMAT);
}
