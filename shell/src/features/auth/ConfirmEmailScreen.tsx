import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import {
  apiErrorMessage,
  loggedIn,
  roleHome,
  useAppDispatch,
  type EmailChangeDetails,
} from '@duly/shared/core';
import { Button, LoadingState, TextField, useSnackbar } from '@duly/shared/kit';
import { Form } from '@duly/shared/form-kit';
import {
  confirmEmailInitialValues,
  confirmEmailSchema,
  type ConfirmEmailFormValues,
} from '@duly/shared/account-forms';
import { useAccountsConfirmEmailMutation, useAccountsEmailChangeQuery } from './accountsApi';
import { AuthPage, FormError } from './components/AuthPage';
import { LinkGonePage } from './components/LinkGonePage';
import { linkGoneReason, type LinkGoneReason } from './linkGone';

export const CONFIRM_EMAIL_TEXTS = {
  gone: 'This confirmation link no longer works',
  used: 'It has already been used: your email was changed then. Sign in with the new one.',
  expired:
    'It has expired, or a newer change was asked for. Ask whoever changed your email to save it again.',
  loadFailed: 'Could not open this link. Check your connection and try again.',
  failed: 'Could not confirm your new email. Try again.',
  changed: 'Your email has been changed',
} as const;

/**
 * /confirm-email?token=…: someone's email was changed by them or a manager; the link came to the
 * new address. The person confirms with their password (the link alone proves the address, not
 * the person), then is signed in with the new email and taken to their role's home.
 */
export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = useAccountsEmailChangeQuery(token, { skip: token === '' });
  const [goneAfterSubmit, setGoneAfterSubmit] = useState<LinkGoneReason | null>(null);

  const gone = token === '' ? 'expired' : (goneAfterSubmit ?? linkGoneReason(change.error));
  if (gone) {
    return (
      <LinkGonePage
        heading={CONFIRM_EMAIL_TEXTS.gone}
        explanation={CONFIRM_EMAIL_TEXTS[gone]}
        action={
          <Button as={Link} to="/login" variant="secondary" fullWidth>
            Go to sign in
          </Button>
        }
      />
    );
  }
  if (change.isLoading) return <LoadingState>Loading...</LoadingState>;
  if (!change.data) {
    return (
      <AuthPage heading="Confirm your new email" alternative={null}>
        <FormError role="alert">{CONFIRM_EMAIL_TEXTS.loadFailed}</FormError>
        <Button type="button" fullWidth onClick={() => void change.refetch()}>
          Try again
        </Button>
      </AuthPage>
    );
  }
  return <ConfirmEmailForm token={token} change={change.data} onGone={setGoneAfterSubmit} />;
}

function ConfirmEmailForm({
  token,
  change,
  onGone,
}: {
  token: string;
  change: EmailChangeDetails;
  onGone: (reason: LinkGoneReason) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [confirm] = useAccountsConfirmEmailMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<ConfirmEmailFormValues>({
    initialValues: confirmEmailInitialValues,
    validationSchema: confirmEmailSchema,
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        const answer = await confirm({ token, password }).unwrap();
        dispatch(loggedIn(answer.token));
        enqueueSnackbar(CONFIRM_EMAIL_TEXTS.changed, { variant: 'success' });
        navigate(roleHome(answer.user.role), { replace: true });
      } catch (error) {
        const reason = linkGoneReason(error);
        if (reason) onGone(reason);
        else setFailure(apiErrorMessage(error, CONFIRM_EMAIL_TEXTS.failed));
      }
    },
  });

  const name = change.full_name?.trim();
  const passwordError = formik.touched.password ? formik.errors.password : undefined;
  return (
    <AuthPage
      heading="Confirm your new email"
      alternative={
        <>
          {name ? `Hello ${name}. ` : 'Hello. '}Enter your password to make{' '}
          <strong>{change.new_email}</strong> your email at {change.organization_name}.
        </>
      }
    >
      <Form onSubmit={formik.handleSubmit} aria-label="Confirm new email">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...formik.getFieldProps('password')}
          error={passwordError}
        />
        {failure ? <FormError role="alert">{failure}</FormError> : null}
        <Button type="submit" size="large" fullWidth disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Confirming...' : 'Confirm new email'}
        </Button>
      </Form>
    </AuthPage>
  );
}
