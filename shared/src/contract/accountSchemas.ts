/**
 * Form rules of the account screens (spec 2, 3 and the profile): sign-in, sign-up, new and
 * forgotten passwords, the profile's name and password. Only yup: the sign-in screen loads
 * these without luxon or the domain schemas (schemas.ts re-exports them).
 */
import * as yup from 'yup';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { email, requiredText, tooLong } from './formRules';

// --- Passwords ---------------------------------------------------------------

/** Characters as a person (and the API's JSON schema) counts them: an emoji is one. */
export function passwordLength(password: string): number {
  return [...password].length;
}

export const PASSWORD_RULE_TEXTS = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  onlySpaces: 'Password must not be only spaces',
} as const;

/**
 * A new password (sign-up, a password change, a reset, an invitation): required,
 * MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH characters, not only spaces. The API applies
 * the same rule in its schemas (api/src/lib/schema.ts `NewPassword`). Never trimmed: spaces
 * around a passphrase are part of it.
 */
export const newPasswordRule = (required = 'Password is required') =>
  yup
    .string()
    .required(required)
    .test(
      'min-length',
      PASSWORD_RULE_TEXTS.tooShort,
      (value) => !value || passwordLength(value) >= MIN_PASSWORD_LENGTH,
    )
    .test(
      'max-length',
      PASSWORD_RULE_TEXTS.tooLong,
      (value) => !value || passwordLength(value) <= MAX_PASSWORD_LENGTH,
    )
    .test('not-only-spaces', PASSWORD_RULE_TEXTS.onlySpaces, (value) => !value || /\S/.test(value));

// --- Login and signup: every field required -------------------------------

export interface LoginFormValues {
  email: string;
  password: string;
}

export const loginInitialValues: LoginFormValues = { email: '', password: '' };

export const loginSchema: yup.ObjectSchema<LoginFormValues> = yup.object({
  email: email.required('Email is required'),
  password: yup.string().required('Password is required'),
});

/** The signup form holds exactly the signup payload (spec 3). */
export interface SignupFormValues {
  name: string;
  email: string;
  password: string;
  organization_name: string;
}

export const signupInitialValues: SignupFormValues = {
  name: '',
  email: '',
  password: '',
  organization_name: '',
};

export const signupSchema: yup.ObjectSchema<SignupFormValues> = yup.object({
  name: requiredText('Full name is required'),
  email: email.required('Email is required'),
  password: newPasswordRule(),
  organization_name: requiredText('Organization name is required'),
});

// --- Accounts: accepting an invitation, a forgotten password ----------------

export interface NewPasswordFormValues {
  password: string;
  confirmation: string;
}

export const newPasswordInitialValues: NewPasswordFormValues = { password: '', confirmation: '' };

/**
 * A new password and the same again (the accept-invite and reset-password pages), with the
 * rule every new password follows (`newPasswordRule`, the API's too).
 */
export const newPasswordSchema: yup.ObjectSchema<NewPasswordFormValues> = yup.object({
  password: newPasswordRule(),
  confirmation: yup
    .string()
    .required('Confirm your password')
    .oneOf([yup.ref('password')], 'The passwords do not match'),
});

export interface ForgotPasswordFormValues {
  email: string;
}

export const forgotPasswordSchema: yup.ObjectSchema<ForgotPasswordFormValues> = yup.object({
  email: email.required('Email is required'),
});

// --- Profile ---------------------------------------------------------------------

export interface ProfileNameFormValues {
  full_name: string;
}

export const profileNameSchema: yup.ObjectSchema<ProfileNameFormValues> = yup.object({
  full_name: requiredText('Full name is required').max(
    MAX_NAME_LENGTH,
    tooLong('Full name', MAX_NAME_LENGTH),
  ),
});

export interface PasswordChangeFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export const passwordChangeInitialValues: PasswordChangeFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** The profile's password change: the current password, a new one by the rule, twice. */
export const passwordChangeSchema: yup.ObjectSchema<PasswordChangeFormValues> = yup.object({
  current_password: yup.string().required('Current password is required'),
  new_password: newPasswordRule('New password is required'),
  confirm_password: yup
    .string()
    .required('Confirm the new password')
    .oneOf([yup.ref('new_password')], 'The passwords do not match'),
});

/** /confirm-email: the person's current password, which proves it is them (issue 24). */
export interface ConfirmEmailFormValues {
  password: string;
}

export const confirmEmailInitialValues: ConfirmEmailFormValues = { password: '' };

export const confirmEmailSchema: yup.ObjectSchema<ConfirmEmailFormValues> = yup.object({
  password: yup.string().required('Password is required'),
});
