import type { FormikProps } from 'formik';
import { bindField } from './fieldError';
import { TextField } from './TextField';

/** One password field of the form: the form value it binds and its visible label. */
export interface PasswordFieldSpec<V> {
  name: keyof V & string;
  label: string;
  /** A line under the label, e.g. the password rule ("At least 8 characters"). */
  hint?: string;
}

export interface PasswordFieldsProps<V> {
  formik: FormikProps<V>;
  /** The password the person has now (sign-in, change of password): `current-password`. */
  current?: PasswordFieldSpec<V>;
  /** A new password: the browser offers to generate one (`new-password`). */
  password?: PasswordFieldSpec<V>;
  /** The new password again, to catch a typing slip. */
  confirmation?: PasswordFieldSpec<V>;
}

/**
 * The password fields of every form that has them (sign-in, sign-up, accept an invitation,
 * reset, change one's password), in that order: current, new, confirmation. All required,
 * masked, with the browser's autofill hint, each showing its message once touched.
 */
export function PasswordFields<V>({
  formik,
  current,
  password,
  confirmation,
}: PasswordFieldsProps<V>) {
  const field = (spec: PasswordFieldSpec<V>, autoComplete: string) => (
    <TextField
      key={spec.name}
      label={spec.label}
      type="password"
      autoComplete={autoComplete}
      required
      hint={spec.hint}
      {...bindField(formik, spec.name)}
    />
  );
  return (
    <>
      {current ? field(current, 'current-password') : null}
      {password ? field(password, 'new-password') : null}
      {confirmation ? field(confirmation, 'new-password') : null}
    </>
  );
}
