import type { FormikProps } from 'formik';
import { TextField } from '@duly/shared/ui';
import { type NewPasswordFormValues } from '@duly/shared/account-forms';

/** A new password and the same again, with the browser's hint to offer a generated one. */
export function NewPasswordFields({ formik }: { formik: FormikProps<NewPasswordFormValues> }) {
  const errorOf = (field: keyof NewPasswordFormValues) =>
    formik.touched[field] ? formik.errors[field] : undefined;
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        {...formik.getFieldProps('password')}
        error={errorOf('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        {...formik.getFieldProps('confirmation')}
        error={errorOf('confirmation')}
      />
    </>
  );
}
