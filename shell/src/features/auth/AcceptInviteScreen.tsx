import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import {
  apiErrorMessage,
  loggedIn,
  roleHome,
  useAppDispatch,
  type InvitationDetails,
} from '@duly/shared/core';
import { Button, LoadingState, useSnackbar } from '@duly/shared/kit';
import {
  newPasswordInitialValues,
  newPasswordSchema,
  type NewPasswordFormValues,
} from '@duly/shared/account-forms';
import { useAccountsAcceptInviteMutation, useAccountsInvitationQuery } from './accountsApi';
import { AuthPage, FormError } from './components/AuthPage';
import { LinkGonePage } from './components/LinkGonePage';
import { NewPasswordForm } from './components/NewPasswordForm';
import { linkGoneReason, type LinkGoneReason } from './linkGone';

export const ACCEPT_INVITE_TEXTS = {
  gone: 'This invitation no longer works',
  used: 'It has already been used. If you set your password then, sign in. If not, ask your manager for a new invitation.',
  expired: 'It has expired, or a newer invitation was sent. Ask your manager for a new invitation.',
  loadFailed: 'Could not open your invitation. Check your connection and try again.',
  failed: 'Could not set your password. Try again.',
  welcome: 'Welcome to Duly',
} as const;

/**
 * /accept-invite?token=…: greets the invited person by name and organisation, takes a password
 * (twice), then signs them in and takes them to their role's home, as /login does.
 */
export function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useAccountsInvitationQuery(token, { skip: token === '' });
  const [goneAfterSubmit, setGoneAfterSubmit] = useState<LinkGoneReason | null>(null);

  const gone = token === '' ? 'expired' : (goneAfterSubmit ?? linkGoneReason(invitation.error));
  if (gone) {
    return (
      <LinkGonePage
        heading={ACCEPT_INVITE_TEXTS.gone}
        explanation={ACCEPT_INVITE_TEXTS[gone]}
        action={
          <Button as={Link} to="/login" variant="secondary" fullWidth>
            Go to sign in
          </Button>
        }
      />
    );
  }
  if (invitation.isLoading) return <LoadingState>Loading...</LoadingState>;
  if (!invitation.data) {
    return (
      <AuthPage heading="Accept your invitation" alternative={null}>
        <FormError role="alert">{ACCEPT_INVITE_TEXTS.loadFailed}</FormError>
        <Button type="button" fullWidth onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </AuthPage>
    );
  }
  return (
    <AcceptInviteForm token={token} invitation={invitation.data} onGone={setGoneAfterSubmit} />
  );
}

function AcceptInviteForm({
  token,
  invitation,
  onGone,
}: {
  token: string;
  invitation: InvitationDetails;
  onGone: (reason: LinkGoneReason) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [accept] = useAccountsAcceptInviteMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<NewPasswordFormValues>({
    initialValues: newPasswordInitialValues,
    validationSchema: newPasswordSchema,
    onSubmit: async ({ password }) => {
      setFailure(null);
      try {
        const answer = await accept({ token, password }).unwrap();
        dispatch(loggedIn(answer.token));
        enqueueSnackbar(ACCEPT_INVITE_TEXTS.welcome, { variant: 'success' });
        navigate(roleHome(answer.user.role), { replace: true });
      } catch (error) {
        const reason = linkGoneReason(error);
        if (reason) onGone(reason);
        else setFailure(apiErrorMessage(error, ACCEPT_INVITE_TEXTS.failed));
      }
    },
  });

  const name = invitation.full_name?.trim();
  return (
    <AuthPage
      heading={`Join ${invitation.organization_name}`}
      alternative={
        <>
          {name ? `Hello ${name}. ` : 'Hello. '}Choose a password to sign in as{' '}
          <strong>{invitation.email}</strong>.
        </>
      }
    >
      <NewPasswordForm
        formik={formik}
        label="Accept invitation"
        failure={failure}
        submitText="Set password and sign in"
        submittingText="Signing in..."
      />
    </AuthPage>
  );
}
