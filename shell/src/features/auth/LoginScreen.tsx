import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useFormik } from 'formik';
import { clearSessionEndedNotice, sessionEndedNotice } from '@duly/shared/core';
import { Button } from '@duly/shared/kit';
import { Form, SignInFields } from '@duly/shared/form-kit';
import { loginInitialValues, loginSchema, type LoginFormValues } from '@duly/shared/account-forms';
import { AUTH_TEXTS, useAuth } from './AuthProvider';
import { AuthPage, FormError, FormNotice } from './components/AuthPage';
import type { LoginNoticeState } from './ResetPasswordScreen';

const ForgotLink = styled(Link)`
  align-self: flex-start;
`;

export const SESSION_ENDED = 'Your session has ended.';

/**
 * /login (spec 2): email and password, "Sign in"; a failure shows on the form and as a toast.
 * 'Forgot password?' leads to /forgot-password; a page that sends people here (a reset) may
 * leave a notice to show above the form.
 */
export function LoginScreen() {
  const { login } = useAuth();
  const stateNotice = (useLocation().state as Partial<LoginNoticeState> | null)?.notice;
  // A 401 of a signed-in session (deactivated, signed out elsewhere) loaded this page.
  const [ended] = useState(sessionEndedNotice);
  useEffect(() => clearSessionEndedNotice(), []);
  const notice = stateNotice ?? (ended ? SESSION_ENDED : undefined);
  const [failed, setFailed] = useState(false);

  const formik = useFormik<LoginFormValues>({
    initialValues: loginInitialValues,
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailed(false);
      try {
        await login(values);
      } catch {
        setFailed(true);
      }
    },
  });

  return (
    <AuthPage
      heading="Sign in to the product"
      alternative={
        <>
          Or <Link to="/signup">create a new account</Link>
        </>
      }
    >
      {notice ? <FormNotice role="status">{notice}</FormNotice> : null}
      <Form onSubmit={formik.handleSubmit} aria-label="Sign in">
        <SignInFields formik={formik} />
        <ForgotLink to="/forgot-password">Forgot password?</ForgotLink>
        {failed ? <FormError role="alert">{AUTH_TEXTS.loginFailed}</FormError> : null}
        <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </AuthPage>
  );
}
