/** Business constants of spec section 9, each defined once. */

export const TIME_ZONE = 'Asia/Kolkata';
export const TOKEN_STORAGE_KEY = 'token';

export const REMINDER_DAY_CHOICES = [1, 3, 7, 15, 30, 60, 90] as const;
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 365;
export const REMINDER_DAYS_HINT = 'Number of days before expiry to send reminders (1-365 days)';

/** A certificate type's reminder offsets (issue 28): days before expiry, 1–365 each, at most 5. */
export const REMINDER_OFFSETS_MAX = 5;
export const DEFAULT_REMINDER_OFFSETS = [30, 7] as const;
/** A type's validity in months; empty means the certificate does not expire. */
export const VALIDITY_MONTHS_MIN = 1;
export const VALIDITY_MONTHS_MAX = 600;

/** The certificate list's "expiring within" choices, in days; the API takes any up to the max. */
export const EXPIRING_WITHIN_DAY_CHOICES = [7, 30, 90] as const;
export const EXPIRING_WITHIN_DAYS_MAX = 365;

export const DEPARTMENTS = ['Engineering', 'Design', 'Marketing', 'Sales'] as const;
export const DEFAULT_DEPARTMENT = 'Engineering';
export const DEFAULT_EMPLOYEE_ROLE = 'employee';

export const TASK_DESCRIPTION_ROWS = 4;
export const CERTIFICATE_DESCRIPTION_ROWS = 3;

export const DATE_FORMATS = {
  /** Task list: `Jan 5, 2025 10:00`. */
  taskList: 'MMM d, yyyy HH:mm',
  /** Task detail: `January 5, 2025`. */
  taskDetail: 'MMMM d, yyyy',
  /** Manager and employee dashboards: `Jan 05, 2025`. */
  dashboard: 'MMM dd, yyyy',
  /**
   * Every other date, where the spec fixes none (issue 33): `Jan 5, 2025`, as in the task
   * list. `formatDate` in @duly/shared/dates.
   */
  date: 'MMM d, yyyy',
  /** Every other instant (a task's due time, a timestamp): `Jan 5, 2025 10:00`. `formatDateTime`. */
  dateTime: 'MMM d, yyyy HH:mm',
} as const;

export const MS_PER_DAY = 86_400_000;

export const TOAST_DURATION_MS = 4000;
export const TOAST_ANCHOR = { vertical: 'top', horizontal: 'right' } as const;

export const SIDE_NAV_WIDTH_PX = 240;
export const AVATAR_SIZE_PX = 32;
export const RIPPLE_DURATION_MS = 550;

/** Data cache (spec 9): one retry on failed queries, no refetch on focus. */
export const QUERY_RETRIES = 1;

/** Lists (ARCHITECTURE 6). */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Input bounds (API issue): titles and names, descriptions. */
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
/** Employees: a phone number and an email (RFC 5321's longest address). */
export const MAX_PHONE_LENGTH = 50;
export const MAX_EMAIL_LENGTH = 254;
/**
 * Passwords (issue 14): 8 to 256 characters (counted as code points, as the API's JSON schema
 * counts them) and not only spaces. The sign-in form takes any password.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** Escalation: a task overdue this many days becomes escalated (ARCHITECTURE 6). */
export const TASK_ESCALATION_DAYS = 3;

export const API_BASE_PATH = '/api/v1';

/** The events a webhook endpoint may listen to (issue 30), in the order the form lists them. */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.overdue',
  'certificate.created',
  'certificate.expiring',
  'certificate.expired',
  'certificate.renewed',
  'employee.created',
  'employee.deactivated',
  'ping',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
