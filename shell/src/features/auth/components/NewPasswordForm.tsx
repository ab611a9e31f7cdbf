import type { FormikProps } from 'formik';
import { Button } from '@duly/shared/kit';
import { Form, PasswordFields } from '@duly/shared/form-kit';
import { type NewPasswordFormValues } from '@duly/shared/account-forms';
import { FormError } from './AuthPage';

interface NewPasswordFormProps {
  formik: FormikProps<NewPasswordFormValues>;
  /** The form's accessible name. */
  label: string;
  /** The API's refusal, shown above the button. */
  failure: string | null;
  submitText: string;
  submittingText: string;
}

/** The form of /accept-invite and /reset-password: a new password twice, a refusal, a button. */
export function NewPasswordForm({
  formik,
  label,
  failure,
  submitText,
  submittingText,
}: NewPasswordFormProps) {
  return (
    <Form onSubmit={formik.handleSubmit} aria-label={label}>
      <PasswordFields
        formik={formik}
        password={{ name: 'password', label: 'Password', hint: 'At least 8 characters' }}
        confirmation={{ name: 'confirmation', label: 'Confirm password' }}
      />
      {failure ? <FormError role="alert">{failure}</FormError> : null}
      <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
        {formik.isSubmitting ? submittingText : submitText}
      </Button>
    </Form>
  );
}
