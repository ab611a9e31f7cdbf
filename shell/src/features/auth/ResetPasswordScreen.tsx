import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import { apiErrorMessage } from '@duly/shared/core';
import { Button } from '@duly/shared/kit';
import {
  newPasswordInitialValues,
  newPasswordSchema,
  type NewPasswordFormValues,
} from '@duly/shared/account-forms';
import { useAccountsResetPasswordMutation } from './accountsApi';
import { AuthPage } from './components/AuthPage';
import { LinkGonePage } from './components/LinkGonePage';
import { NewPasswordForm } from './components/NewPasswordForm';
import { linkGoneReason, type LinkGoneReason } from './linkGone';

export const RESET_PASSWORD_TEXTS = {
  gone: 'This reset link no longer works',
  used: 'It has already been used. Ask for a new link if you still need one.',
  expired: 'It has expired, or a newer link was sent. Ask for a new link.',
  failed: 'Could not change your password. Try again.',
  /** Shown on /login afterwards. */
  changed: 'Your password has been changed. Sign in with your new password.',
} as const;

/** The state /login reads to show a notice above its form. */
export interface LoginNoticeState {
  notice: string;
}

/**
 * /reset-password?token=…: a new password (twice); then /login with a short confirmation. A used
 * or expired link says so and offers to ask for a new one.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [reset] = useAccountsResetPasswordMutation();
  const [gone, setGone] = useState<LinkGoneReason | null>(token === '' ? 'expired' : null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<NewPasswordFormValues>({
    initialValues: newPasswordInitialValues,
    validationSchema: newPasswordSchema,
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        await reset({ token, password }).unwrap();
        const state: LoginNoticeState = { notice: RESET_PASSWORD_TEXTS.changed };
        navigate('/login', { replace: true, state });
      } catch (error) {
        const reason = linkGoneReason(error);
        if (reason) setGone(reason);
        else setFailure(apiErrorMessage(error, RESET_PASSWORD_TEXTS.failed));
      }
    },
  });

  if (gone) {
    return (
      <LinkGonePage
        heading={RESET_PASSWORD_TEXTS.gone}
        explanation={RESET_PASSWORD_TEXTS[gone]}
        action={
          <Button as={Link} to="/forgot-password" fullWidth>
            Ask for a new link
          </Button>
        }
      />
    );
  }
  return (
    <AuthPage
      heading="Choose a new password"
      alternative={
        <>
          Or <Link to="/login">sign in</Link> if you remember it.
        </>
      }
    >
      <NewPasswordForm
        formik={formik}
        label="Reset password"
        failure={failure}
        submitText="Change password"
        submittingText="Saving..."
      />
    </AuthPage>
  );
}
