import type { FormikProps } from 'formik';
import type { LoginFormValues } from '../../contract/schemas';
import { TextField } from './TextField';

/**
 * The two fields of every sign-in form (the shell's /login, a remote's standalone page): email
 * and password, required, with the browser's autofill hints and each field's error once touched.
 */
export function SignInFields({ formik }: { formik: FormikProps<LoginFormValues> }) {
  const errorOf = (field: keyof LoginFormValues) =>
    formik.touched[field] ? formik.errors[field] : undefined;
  return (
    <>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        {...formik.getFieldProps('email')}
        error={errorOf('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...formik.getFieldProps('password')}
        error={errorOf('password')}
      />
    </>
  );
}
