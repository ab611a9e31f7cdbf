import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorMessage, loggedIn, roleHome, useAppDispatch } from '@duly/shared/core';
import { Button, useSnackbar } from '@duly/shared/kit';
import { useAccountsVerifyEmailMutation } from './accountsApi';
import { AuthPage, FormError } from './components/AuthPage';
import { LinkGonePage } from './components/LinkGonePage';
import { linkGoneReason, type LinkGoneReason } from './linkGone';

export const VERIFY_EMAIL_TEXTS = {
  heading: 'Confirm your email',
  explanation: 'Confirm this address to sign in with it from now on.',
  confirm: 'Confirm my email',
  confirming: 'Confirming...',
  confirmed: 'Your email is confirmed',
  gone: 'This link no longer works',
  used: 'It has already been used: your email is confirmed. Sign in with it.',
  expired: 'It has expired, or a newer one was sent.',
  failed: 'Could not confirm your email. Try again.',
} as const;

/**
 * /verify-email?token=…: the link mailed after a sign-up (docs/accounts.md, "Who holds an
 * address"). Confirming is a click, not the page's load, so a mail scanner that opens the
 * link does not use it up; then the person is signed in and on their home, as after /login.
 */
export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [verify, { isLoading }] = useAccountsVerifyEmailMutation();
  const [gone, setGone] = useState<LinkGoneReason | null>(token === '' ? 'expired' : null);
  const [failure, setFailure] = useState<string | null>(null);

  if (gone) {
    return (
      <LinkGonePage
        heading={VERIFY_EMAIL_TEXTS.gone}
        explanation={VERIFY_EMAIL_TEXTS[gone]}
        action={
          <Button as={Link} to="/login" variant="secondary" fullWidth>
            Go to sign in
          </Button>
        }
      />
    );
  }

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await verify({ token }).unwrap();
      dispatch(loggedIn(answer.token));
      enqueueSnackbar(VERIFY_EMAIL_TEXTS.confirmed, { variant: 'success' });
      navigate(roleHome(answer.user.role), { replace: true });
    } catch (error) {
      const reason = linkGoneReason(error);
      if (reason) setGone(reason);
      else setFailure(apiErrorMessage(error, VERIFY_EMAIL_TEXTS.failed));
    }
  };

  return (
    <AuthPage heading={VERIFY_EMAIL_TEXTS.heading} alternative={VERIFY_EMAIL_TEXTS.explanation}>
      {failure ? <FormError role="alert">{failure}</FormError> : null}
      <Button
        type="button"
        size="large"
        fullWidth
        disabled={isLoading}
        onClick={() => void confirm()}
      >
        {isLoading ? VERIFY_EMAIL_TEXTS.confirming : VERIFY_EMAIL_TEXTS.confirm}
      </Button>
    </AuthPage>
  );
}
