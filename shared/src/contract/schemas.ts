/**
 * Form rules of spec section 5, one yup schema per form. Field values are the
 * strings the inputs hold: a `datetime-local` value (`2025-01-05T10:00`) for a
 * task's due date, a `date` value (`2025-01-05`) for certificate dates, both
 * read in Asia/Kolkata. "Now" and "today" are taken when validation runs; pass
 * `{ context: { now: Date } }` to `validate` to fix them.
 */
import * as yup from 'yup';
import {
  DEFAULT_DEPARTMENT,
  DEFAULT_EMPLOYEE_ROLE,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
} from './constants';
import { parseReminderOffsets, reminderOffsetsProblem } from './certificateTypes';
import { kolkataInputToIso, kolkataToday, toKolkataDate } from './dates';
import { email, requiredText, tooLong } from './formRules';
import { EDITABLE_TASK_STATUSES, EMPLOYEE_STATUSES, ROLES, type TaskStatus } from './types';

// The account forms' rules live apart (no luxon, for the sign-in screen); still one module here.
export * from './accountSchemas';

/** Passed as yup `context` to pin the clock (tests, the API at request time). */
export interface ValidationContext {
  now?: Date;
}

function nowOf(context: unknown): Date {
  const now = (context as ValidationContext | undefined)?.now;
  return now instanceof Date ? now : new Date();
}

/** A `date` input value that is a real calendar date. */
function calendarDate(label: string) {
  return yup
    .string()
    .trim()
    .test('calendar-date', `Enter a valid ${label.toLowerCase()}`, (value) =>
      value ? value.length === 10 && toKolkataDate(value) === value : true,
    );
}

/** A `datetime-local` value read in Asia/Kolkata. */
const dueDate = requiredText('Due date is required').test(
  'datetime',
  'Enter a valid due date',
  (value) => !value || kolkataInputToIso(value) !== null,
);

/**
 * Reminder days: a whole number of days from 1 to 365. The empty option of a
 * select (`''`) counts as missing, not as a wrong type.
 */
const reminderDays = yup
  .number()
  .transform((value: number, original: unknown) =>
    original === '' || original === null ? undefined : value,
  )
  .typeError('Reminder days must be a number')
  .required('Reminder days are required')
  .integer('Reminder days must be a whole number')
  .min(
    REMINDER_DAYS_MIN,
    `Reminder days must be between ${REMINDER_DAYS_MIN} and ${REMINDER_DAYS_MAX}`,
  )
  .max(
    REMINDER_DAYS_MAX,
    `Reminder days must be between ${REMINDER_DAYS_MIN} and ${REMINDER_DAYS_MAX}`,
  );

// --- Tasks -----------------------------------------------------------------

export interface CreateTaskFormValues {
  title: string;
  description: string;
  /** `datetime-local` value in Asia/Kolkata. */
  due_date: string;
  /** The assignee's user id. */
  assigned_to_user_id: string;
}

export const createTaskInitialValues: CreateTaskFormValues = {
  title: '',
  description: '',
  due_date: '',
  assigned_to_user_id: '',
};

/**
 * Title, due date and assignee required; the due date not earlier than now.
 * The input has minute precision, so the current minute still counts as now.
 */
export const createTaskSchema: yup.ObjectSchema<CreateTaskFormValues> = yup.object({
  title: requiredText('Title is required'),
  description: yup.string().defined().default(''),
  due_date: dueDate.test('not-past', 'Due date cannot be in the past', function (value) {
    const iso = value ? kolkataInputToIso(value) : null;
    if (iso === null) return true;
    const startOfThisMinute = Math.floor(nowOf(this.options.context).getTime() / 60_000) * 60_000;
    return Date.parse(iso) >= startOfThisMinute;
  }),
  assigned_to_user_id: requiredText('Assigned person is required'),
});

export type EditableTaskStatus = (typeof EDITABLE_TASK_STATUSES)[number];

export interface EditTaskFormValues {
  title: string;
  description: string;
  /** `datetime-local` value in Asia/Kolkata (`isoToKolkataInput(task.due_date)`). */
  due_date: string;
  /** The assignee's user id; sent as `assigned_to_employee_id` (spec 3). */
  assigned_to_user_id: string;
  status: EditableTaskStatus | '';
}

/** Every field required; the status one the form offers (not escalated). */
export const editTaskSchema: yup.ObjectSchema<EditTaskFormValues> = yup.object({
  title: requiredText('Title is required'),
  description: requiredText('Description is required'),
  due_date: dueDate,
  assigned_to_user_id: requiredText('Assigned person is required'),
  status: yup
    .string<EditableTaskStatus | ''>()
    .required('Status is required')
    // A test rather than `oneOf`: yup checks `oneOf` first, and an empty field
    // should read "required".
    .test('editable-status', 'Choose a valid status', (value) =>
      value ? isEditableTaskStatus(value) : true,
    ),
});

/** Whether a task status can be chosen in the edit form. */
export function isEditableTaskStatus(status: TaskStatus | string): status is EditableTaskStatus {
  return (EDITABLE_TASK_STATUSES as readonly string[]).includes(status);
}

// --- Certificates ------------------------------------------------------------

export interface CreateCertificateFormValues {
  name: string;
  description: string;
  /** `date` value, optional. */
  issue_date: string;
  /** `date` value. */
  expiry_date: string;
  /** One of `REMINDER_DAY_CHOICES`; `''` until chosen. */
  reminder_days_before: number | '';
  department: string;
  incharge_person_id: string;
  /** Its certificate type's id (issue 28); `''` for none. */
  certificate_type_id?: string;
  /** Its own reminder days, `"60, 14"`; `''` to follow the type. */
  reminder_offsets?: string;
}

export const createCertificateInitialValues: CreateCertificateFormValues = {
  name: '',
  description: '',
  issue_date: '',
  expiry_date: '',
  reminder_days_before: '',
  department: '',
  incharge_person_id: '',
  certificate_type_id: '',
  reminder_offsets: '',
};

/**
 * Name, expiry date, reminder days and incharge person required; the issue
 * date not later than today, the expiry date not earlier than today, "today"
 * in Asia/Kolkata. (`YYYY-MM-DD` strings compare like the dates they are.)
 */
export const createCertificateSchema: yup.ObjectSchema<CreateCertificateFormValues> = yup.object({
  name: requiredText('Name is required'),
  description: yup.string().defined().default(''),
  issue_date: calendarDate('Issue date')
    .defined()
    .default('')
    .test('not-future', 'Issue date cannot be in the future', function (value) {
      if (!value || toKolkataDate(value) === null) return true;
      return value <= kolkataToday(nowOf(this.options.context));
    }),
  expiry_date: calendarDate('Expiry date')
    .required('Expiry date is required')
    .test('not-past', 'Expiry date cannot be in the past', function (value) {
      if (!value || toKolkataDate(value) === null) return true;
      return value >= kolkataToday(nowOf(this.options.context));
    }),
  reminder_days_before: reminderDays as yup.Schema<number | ''>,
  department: yup.string().defined().default(''),
  incharge_person_id: requiredText('Incharge person is required'),
  certificate_type_id: yup.string().optional(),
  reminder_offsets: yup
    .string()
    .optional()
    .test('offsets', function (value) {
      if (!value || value.trim() === '') return true;
      const problem = reminderOffsetsProblem(parseReminderOffsets(value));
      return problem ? this.createError({ message: `Reminder days ${problem}` }) : true;
    }),
});

export interface EditCertificateFormValues {
  name: string;
  description: string;
  /** `date` value (sent as plain `yyyy-MM-dd`, spec 7). */
  expiry_date: string;
  reminder_days_before: number | '';
}

/** Name, expiry date and reminder days required; reminder days 1 to 365. */
export const editCertificateSchema: yup.ObjectSchema<EditCertificateFormValues> = yup.object({
  name: requiredText('Name is required'),
  description: yup.string().defined().default(''),
  expiry_date: calendarDate('Expiry date').required('Expiry date is required'),
  reminder_days_before: reminderDays as yup.Schema<number | ''>,
});

// --- Employees ---------------------------------------------------------------

export interface EmployeeFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: string;
  role: string;
  status: string;
}

export const employeeInitialValues: EmployeeFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  department: DEFAULT_DEPARTMENT,
  role: DEFAULT_EMPLOYEE_ROLE,
  status: 'active',
};

/**
 * The employee forms. The spec's forms require nothing (spec 5), but the API does: an email
 * (the person's sign-in), names up to MAX_NAME_LENGTH, a phone up to MAX_PHONE_LENGTH and one
 * of its roles and statuses. The form shows those rules beside the fields before submitting
 * rather than after a refused save.
 */
export const employeeSchema: yup.ObjectSchema<EmployeeFormValues> = yup.object({
  firstName: yup
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, tooLong('First name', MAX_NAME_LENGTH))
    .defined()
    .default(''),
  lastName: yup
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, tooLong('Last name', MAX_NAME_LENGTH))
    .defined()
    .default(''),
  email: email
    .required('Email is required')
    .max(MAX_EMAIL_LENGTH, tooLong('Email', MAX_EMAIL_LENGTH)),
  phone: yup
    .string()
    .trim()
    .max(MAX_PHONE_LENGTH, tooLong('Phone number', MAX_PHONE_LENGTH))
    .defined()
    .default(''),
  department: yup
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, tooLong('Department', MAX_NAME_LENGTH))
    .defined()
    .default(DEFAULT_DEPARTMENT),
  role: yup.string().oneOf(ROLES, 'Choose a valid role').defined().default(DEFAULT_EMPLOYEE_ROLE),
  status: yup
    .string()
    .oneOf(EMPLOYEE_STATUSES, 'Choose a valid status')
    .defined()
    .default('active'),
});
