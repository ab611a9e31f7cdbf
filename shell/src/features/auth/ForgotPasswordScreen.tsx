import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormik } from 'formik';
import { apiErrorMessage } from '@duly/shared/core';
import { Button, TextField } from '@duly/shared/kit';
import { Form } from '@duly/shared/form-kit';
import { forgotPasswordSchema, type ForgotPasswordFormValues } from '@duly/shared/account-forms';
import { useAccountsForgotPasswordMutation } from './accountsApi';
import { AuthPage, FormError, FormNotice } from './components/AuthPage';

export const FORGOT_PASSWORD_TEXTS = {
  sent: 'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.',
  failed: 'Could not send the link. Try again.',
} as const;

/**
 * /forgot-password: takes an email and always gives the same answer, whether or not an account
 * uses it (the API does the same), so the page never tells who has an account.
 */
export function ForgotPasswordScreen() {
  const [askForLink] = useAccountsForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<ForgotPasswordFormValues>({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await askForLink({ email: values.email.trim() }).unwrap();
        setSent(true);
      } catch (error) {
        setFailure(apiErrorMessage(error, FORGOT_PASSWORD_TEXTS.failed));
      }
    },
  });

  return (
    <AuthPage
      heading="Forgot your password?"
      alternative={
        <>
          Enter your email and we will send you a link to choose a new one. Or{' '}
          <Link to="/login">sign in</Link>.
        </>
      }
    >
      {sent ? (
        <>
          <FormNotice role="status">{FORGOT_PASSWORD_TEXTS.sent}</FormNotice>
          <Button as={Link} to="/login" variant="secondary" fullWidth>
            Back to sign in
          </Button>
        </>
      ) : (
        <Form onSubmit={formik.handleSubmit} aria-label="Forgot password">
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            required
            {...formik.getFieldProps('email')}
            error={formik.touched.email ? formik.errors.email : undefined}
          />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Sending...' : 'Send link'}
          </Button>
        </Form>
      )}
    </AuthPage>
  );
}
