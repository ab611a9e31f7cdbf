import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  createCertificateInitialValues,
  createCertificateSchema,
  createTaskInitialValues,
  createTaskSchema,
  editCertificateSchema,
  editTaskSchema,
  employeeInitialValues,
  employeeSchema,
  forgotPasswordSchema,
  loginInitialValues,
  newPasswordInitialValues,
  newPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  passwordLength,
  signupInitialValues,
  signupSchema,
  type CreateCertificateFormValues,
  type CreateTaskFormValues,
  type EditCertificateFormValues,
  type EditTaskFormValues,
} from './schemas';

/**
 * The clock of these tests: 5 January 2025, 10:00:00 in Asia/Kolkata
 * (04:30 UTC, still 4 January in New York). Kolkata's "today" is 2025-01-05.
 */
const NOW = new Date('2025-01-05T04:30:00.000Z');

/** Every message of every failing field: `{ field: [message, …] }`; `{}` when valid. */
function errorsOf(schema: AnyObjectSchema, values: object, now: Date = NOW) {
  try {
    schema.validateSync(values, { abortEarly: false, context: { now } });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byField: Record<string, string[]> = {};
    for (const inner of error.inner) {
      (byField[inner.path ?? ''] ??= []).push(inner.message);
    }
    return byField;
  }
}

describe('loginSchema', () => {
  it('requires email and password', () => {
    expect(errorsOf(loginSchema, loginInitialValues)).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('wants an email address', () => {
    expect(errorsOf(loginSchema, { email: 'asha', password: 'x' })).toEqual({
      email: ['Enter a valid email address'],
    });
  });

  it('accepts any password (no length rule on the form)', () => {
    expect(errorsOf(loginSchema, { email: 'asha@example.com', password: 'x' })).toEqual({});
  });
});

describe('newPasswordSchema (accepting an invitation, a reset)', () => {
  it('requires the password and its confirmation', () => {
    // The form shows each field's first message.
    expect(errorsOf(newPasswordSchema, newPasswordInitialValues)).toEqual({
      password: ['Password is required'],
      confirmation: ['Confirm your password'],
    });
  });

  it('wants at least 8 characters and the same password twice', () => {
    expect(errorsOf(newPasswordSchema, { password: 'short', confirmation: 'other' })).toEqual({
      password: ['Password must be at least 8 characters'],
      confirmation: ['The passwords do not match'],
    });
    expect(
      errorsOf(newPasswordSchema, { password: 'long enough', confirmation: 'long enough' }),
    ).toEqual({});
  });
});

describe('forgotPasswordSchema', () => {
  it('wants an email address', () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({
      email: ['Email is required'],
    });
    expect(errorsOf(forgotPasswordSchema, { email: 'asha' })).toEqual({
      email: ['Enter a valid email address'],
    });
  });
});

describe('signupSchema', () => {
  it('requires every field', () => {
    expect(errorsOf(signupSchema, signupInitialValues)).toEqual({
      name: ['Full name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      organization_name: ['Organization name is required'],
    });
  });

  it('does not take blanks for a name', () => {
    const values = { ...signupInitialValues, name: '   ', organization_name: ' ' };
    expect(errorsOf(signupSchema, values)).toMatchObject({
      name: ['Full name is required'],
      organization_name: ['Organization name is required'],
    });
  });

  it('accepts a complete signup', () => {
    const values = {
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'secret-passphrase',
      organization_name: 'Acme',
    };
    expect(errorsOf(signupSchema, values)).toEqual({});
  });

  it('wants an email address', () => {
    const values = {
      name: 'Asha Rao',
      email: 'asha@',
      password: 'secret-passphrase',
      organization_name: 'Acme',
    };
    expect(errorsOf(signupSchema, values)).toEqual({ email: ['Enter a valid email address'] });
    expect(errorsOf(signupSchema, { ...values, email: 'asha@[10.0.0.1]' })).toEqual({
      email: ['Enter a valid email address'],
    });
  });
});

describe('the new-password rule (sign-up, password change)', () => {
  const signupWith = (password: string) =>
    errorsOf(signupSchema, {
      name: 'Asha Rao',
      email: 'asha@example.com',
      password,
      organization_name: 'Acme',
    });

  it.each([
    ['7 characters', 'x'.repeat(7), 'Password must be at least 8 characters'],
    ['257 characters', 'x'.repeat(257), 'Password must be at most 256 characters'],
    ['only spaces', ' '.repeat(9), 'Password must not be only spaces'],
    ['only whitespace', ' \t \n     ', 'Password must not be only spaces'],
  ])('refuses %s', (_case, password, message) => {
    expect(signupWith(password)).toEqual({ password: [message] });
  });

  it.each([
    ['8 characters', 'x'.repeat(8)],
    ['256 characters', 'x'.repeat(256)],
    ['8 emoji, counted one character each as the API counts them', '🔑'.repeat(8)],
    ['spaces around words', '  two words  '],
  ])('accepts %s', (_case, password) => {
    expect(signupWith(password)).toEqual({});
  });

  it('counts characters, not UTF-16 units: 4 emoji are 4 characters', () => {
    expect(passwordLength('🔑🔑🔑🔑')).toBe(4);
    expect(signupWith('🔑🔑🔑🔑')).toEqual({
      password: ['Password must be at least 8 characters'],
    });
  });

  it('the password change wants the current password and the same new one twice', () => {
    expect(
      errorsOf(passwordChangeSchema, {
        current_password: '',
        new_password: 'new-password-1',
        confirm_password: 'new-password-2',
      }),
    ).toEqual({
      current_password: ['Current password is required'],
      confirm_password: ['The passwords do not match'],
    });
    expect(
      errorsOf(passwordChangeSchema, {
        current_password: 'x',
        new_password: 'new-password-1',
        confirm_password: 'new-password-1',
      }),
    ).toEqual({});
  });
});

describe('createTaskSchema', () => {
  const valid: CreateTaskFormValues = {
    title: 'Renew fire licence',
    description: '',
    due_date: '2025-01-06T09:00',
    assigned_to_user_id: 'user-1',
  };

  it('accepts a task without description', () => {
    expect(errorsOf(createTaskSchema, valid)).toEqual({});
  });

  it('requires title, due date and assignee', () => {
    expect(errorsOf(createTaskSchema, createTaskInitialValues)).toEqual({
      title: ['Title is required'],
      due_date: ['Due date is required'],
      assigned_to_user_id: ['Assigned person is required'],
    });
  });

  it('rejects a due date one minute in the past (Kolkata time)', () => {
    expect(errorsOf(createTaskSchema, { ...valid, due_date: '2025-01-05T09:59' })).toEqual({
      due_date: ['Due date cannot be in the past'],
    });
  });

  it('accepts a due date one minute ahead', () => {
    expect(errorsOf(createTaskSchema, { ...valid, due_date: '2025-01-05T10:01' })).toEqual({});
  });

  it('accepts the current minute as now', () => {
    const halfAMinuteLater = new Date(NOW.getTime() + 30_000);
    expect(
      errorsOf(createTaskSchema, { ...valid, due_date: '2025-01-05T10:00' }, halfAMinuteLater),
    ).toEqual({});
  });

  it('reads the due date in Kolkata, not in the machine zone', () => {
    // 09:00 UTC-clock-wise would be in the future; in Kolkata 09:00 has passed.
    const earlyUtc = new Date('2025-01-05T04:00:00.000Z'); // 09:30 in Kolkata
    expect(
      errorsOf(createTaskSchema, { ...valid, due_date: '2025-01-05T09:00' }, earlyUtc),
    ).toEqual({ due_date: ['Due date cannot be in the past'] });
  });

  it('rejects a value that is not a date and time', () => {
    expect(errorsOf(createTaskSchema, { ...valid, due_date: '2025-02-30T10:00' })).toEqual({
      due_date: ['Enter a valid due date'],
    });
  });

  it('takes "now" from the clock when no context is given', () => {
    jest.useFakeTimers({ now: NOW });
    try {
      expect(() =>
        createTaskSchema.validateSync({ ...valid, due_date: '2025-01-05T09:59' }),
      ).toThrow('Due date cannot be in the past');
      expect(createTaskSchema.isValidSync({ ...valid, due_date: '2025-01-05T10:01' })).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('editTaskSchema', () => {
  const valid: EditTaskFormValues = {
    title: 'Renew fire licence',
    description: 'Call the office',
    due_date: '2024-12-01T09:00',
    assigned_to_user_id: 'user-1',
    status: 'in_progress',
  };

  it('accepts a complete task, even one due in the past', () => {
    expect(errorsOf(editTaskSchema, valid)).toEqual({});
  });

  it('requires title, description, due date, assignee and status', () => {
    const empty = { title: '', description: '', due_date: '', assigned_to_user_id: '', status: '' };
    expect(errorsOf(editTaskSchema, empty)).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      due_date: ['Due date is required'],
      assigned_to_user_id: ['Assigned person is required'],
      status: ['Status is required'],
    });
  });

  it.each(['pending', 'in_progress', 'completed', 'overdue'])('offers status %s', (status) => {
    expect(errorsOf(editTaskSchema, { ...valid, status })).toEqual({});
  });

  it.each(['escalated', 'archived', 'PENDING'])('refuses status %s', (status) => {
    expect(errorsOf(editTaskSchema, { ...valid, status })).toEqual({
      status: ['Choose a valid status'],
    });
  });
});

describe('createCertificateSchema', () => {
  const valid: CreateCertificateFormValues = {
    name: 'Fire safety',
    description: '',
    issue_date: '',
    expiry_date: '2025-06-30',
    reminder_days_before: 30,
    department: '',
    incharge_person_id: 'user-1',
  };

  it('accepts a certificate without issue date, description or department', () => {
    expect(errorsOf(createCertificateSchema, valid)).toEqual({});
  });

  it('requires name, expiry date, reminder days and incharge person', () => {
    expect(errorsOf(createCertificateSchema, createCertificateInitialValues)).toEqual({
      name: ['Name is required'],
      expiry_date: ['Expiry date is required'],
      reminder_days_before: ['Reminder days are required'],
      incharge_person_id: ['Incharge person is required'],
    });
  });

  it('takes the reminder days of the select as text', () => {
    expect(errorsOf(createCertificateSchema, { ...valid, reminder_days_before: '7' })).toEqual({});
  });

  describe('around Kolkata midnight (New York still on the previous day)', () => {
    // 5 January 00:00 in Kolkata = 4 January 13:30 in New York.
    const kolkataMidnight = new Date('2025-01-04T18:30:00.000Z');
    const justBefore = new Date(kolkataMidnight.getTime() - 1);

    it('accepts an expiry date of today', () => {
      const values = { ...valid, expiry_date: '2025-01-05' };
      expect(errorsOf(createCertificateSchema, values, kolkataMidnight)).toEqual({});
    });

    it('rejects an expiry date of yesterday', () => {
      const values = { ...valid, expiry_date: '2025-01-04' };
      expect(errorsOf(createCertificateSchema, values, kolkataMidnight)).toEqual({
        expiry_date: ['Expiry date cannot be in the past'],
      });
      expect(errorsOf(createCertificateSchema, values, justBefore)).toEqual({});
    });

    it('accepts an issue date of today', () => {
      const values = { ...valid, issue_date: '2025-01-05' };
      expect(errorsOf(createCertificateSchema, values, kolkataMidnight)).toEqual({});
    });

    it('rejects an issue date of tomorrow', () => {
      const values = { ...valid, issue_date: '2025-01-05' };
      expect(errorsOf(createCertificateSchema, values, justBefore)).toEqual({
        issue_date: ['Issue date cannot be in the future'],
      });
    });
  });

  it('rejects dates that do not exist', () => {
    const values = { ...valid, issue_date: '2024-02-30', expiry_date: '2025-13-01' };
    expect(errorsOf(createCertificateSchema, values)).toEqual({
      issue_date: ['Enter a valid issue date'],
      expiry_date: ['Enter a valid expiry date'],
    });
  });
});

describe('editCertificateSchema', () => {
  const valid: EditCertificateFormValues = {
    name: 'Fire safety',
    description: '',
    expiry_date: '2025-06-30',
    reminder_days_before: 30,
  };

  it('requires name, expiry date and reminder days', () => {
    const empty = { name: '', description: '', expiry_date: '', reminder_days_before: '' };
    expect(errorsOf(editCertificateSchema, empty)).toEqual({
      name: ['Name is required'],
      expiry_date: ['Expiry date is required'],
      reminder_days_before: ['Reminder days are required'],
    });
  });

  it('accepts an expiry date in the past (it may be renewing an expired one)', () => {
    expect(errorsOf(editCertificateSchema, { ...valid, expiry_date: '2020-01-01' })).toEqual({});
  });

  it.each([
    [0, ['Reminder days must be between 1 and 365']],
    [1, undefined],
    [365, undefined],
    [366, ['Reminder days must be between 1 and 365']],
    [-5, ['Reminder days must be between 1 and 365']],
    [1.5, ['Reminder days must be a whole number']],
    ['ten', ['Reminder days must be a number']],
  ])('reminder days %j', (days, messages) => {
    const errors = errorsOf(editCertificateSchema, { ...valid, reminder_days_before: days });
    expect(errors).toEqual(messages ? { reminder_days_before: messages } : {});
  });
});

describe('employeeSchema (the rules of the API, shown before submitting)', () => {
  it('needs only an email: names, phone and department may stay empty', () => {
    const onlyEmail = {
      firstName: '',
      lastName: '',
      email: 'ravi@example.com',
      phone: '',
      department: '',
      role: 'employee',
      status: 'active',
    };
    expect(errorsOf(employeeSchema, onlyEmail)).toEqual({});
    expect(errorsOf(employeeSchema, { ...onlyEmail, email: '  ' })).toEqual({
      email: ['Email is required'],
    });
  });

  it('checks that the email is one', () => {
    expect(errorsOf(employeeSchema, { ...employeeInitialValues, email: 'not-an-email' })).toEqual({
      email: ['Enter a valid email address'],
    });
    // Valid in RFC 5322, refused by the API: the form says so before submitting.
    for (const unusual of ['x@[127.0.0.1]', '"a b"@attack.test', 'ravi@localhost']) {
      expect([
        unusual,
        errorsOf(employeeSchema, { ...employeeInitialValues, email: unusual }),
      ]).toEqual([unusual, { email: ['Enter a valid email address'] }]);
    }
    expect(
      errorsOf(employeeSchema, { ...employeeInitialValues, email: 'ravi@example.com' }),
    ).toEqual({});
  });

  it.each([
    ['firstName', 201, 'First name must be at most 200 characters'],
    ['lastName', 201, 'Last name must be at most 200 characters'],
    ['phone', 51, 'Phone number must be at most 50 characters'],
    ['department', 201, 'Department must be at most 200 characters'],
  ])('bounds %s to the length the API accepts', (field, length, message) => {
    const values = { ...employeeInitialValues, email: 'ravi@example.com' };
    expect(errorsOf(employeeSchema, { ...values, [field]: 'x'.repeat(length - 1) })).toEqual({});
    expect(errorsOf(employeeSchema, { ...values, [field]: 'x'.repeat(length) })).toEqual({
      [field]: [message],
    });
  });

  it('accepts only the roles and statuses the API knows', () => {
    const values = { ...employeeInitialValues, email: 'ravi@example.com' };
    expect(errorsOf(employeeSchema, { ...values, role: 'owner', status: 'gone' })).toEqual({
      role: ['Choose a valid role'],
      status: ['Choose a valid status'],
    });
  });

  it('starts as an active employee in Engineering', () => {
    expect(employeeInitialValues).toMatchObject({
      role: 'employee',
      department: 'Engineering',
      status: 'active',
    });
  });
});
