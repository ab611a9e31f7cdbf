import { Type } from 'typebox';
import { Email, Nullable, errorResponses } from '../../lib/schema';
import { AnyPassword, NewPassword } from '../../lib/schema';
import { AuthResponse } from '../auth/schema';

/** The token of a link: 32 bytes in base64url are 43 characters; anything else matches nothing. */
const LinkToken = Type.String({ minLength: 1, maxLength: 200 });

const tags = ['auth'];

const Message = Type.Object({ message: Type.String() });

export const invitationSchema = {
  operationId: 'getInvitation',
  summary: 'Who an invitation link is for (the accept-invite page greets them with it)',
  description:
    'A used link answers 410 with code `link_used`; an unknown, expired or replaced one 410 ' +
    'with code `link_expired`.',
  tags,
  security: [],
  querystring: Type.Object({ token: LinkToken }),
  response: {
    200: Type.Object({
      full_name: Nullable(Type.String()),
      email: Type.String(),
      organization_name: Type.String(),
    }),
    ...errorResponses(400, 410),
  },
};

const SetPasswordBody = Type.Object({ token: LinkToken, password: NewPassword });

export const acceptInviteSchema = {
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation: set a password and sign in',
  description:
    'Answers `{ token, user }` like /auth/login. The link works once; 410 (`link_used`, ' +
    '`link_expired`) otherwise. Limited per client address (429).',
  tags,
  security: [],
  body: SetPasswordBody,
  response: { 200: AuthResponse, ...errorResponses(400, 410, 429) },
};

export const forgotPasswordSchema = {
  operationId: 'requestPasswordReset',
  summary: 'Mail a password reset link',
  description:
    'Always 202 with the same body, whether or not the email belongs to an account. An active ' +
    'account with a password gets a reset link (valid 1 hour); one that has not accepted its ' +
    'invitation yet gets a new invitation instead. Limited per email and per client address (429).',
  tags,
  security: [],
  body: Type.Object({ email: Email }),
  response: { 202: Message, ...errorResponses(400, 429) },
};

export const resetPasswordSchema = {
  operationId: 'resetPassword',
  summary: 'Set a new password through a reset link',
  description:
    'The link works once; 410 (`link_used`, `link_expired`) otherwise. Afterwards the person ' +
    'signs in with the new password. Limited per client address (429).',
  tags,
  security: [],
  body: SetPasswordBody,
  response: { 200: Message, ...errorResponses(400, 410, 429) },
};

export const emailChangeSchema = {
  operationId: 'getEmailChange',
  summary: 'Which change an email confirmation link is for (the confirm-email page shows it)',
  description:
    'The new address, the person and the organisation; never the current address. A used link ' +
    'answers 410 with code `link_used`; an unknown, expired or replaced one 410 with `link_expired`.',
  tags,
  security: [],
  querystring: Type.Object({ token: LinkToken }),
  response: {
    200: Type.Object({
      full_name: Nullable(Type.String()),
      new_email: Type.String(),
      organization_name: Type.String(),
    }),
    ...errorResponses(400, 410),
  },
};

export const confirmEmailSchema = {
  operationId: 'confirmEmailChange',
  summary: 'Confirm a new email with the password; the email changes and the person is signed in',
  description:
    'Answers `{ token, user }` like /auth/login, with the new email; every other session of the ' +
    'person ends, and so do their other pending links. A wrong password is a 400 on `password` ' +
    'and counts against the sign-in limits. 409 when another account took the address ' +
    'meanwhile; 410 (`link_used`, `link_expired`) when the link no longer works; 429 beyond the limits.',
  tags,
  security: [],
  body: Type.Object({ token: LinkToken, password: AnyPassword }),
  response: { 200: AuthResponse, ...errorResponses(400, 409, 410, 429) },
};

export const verifyEmailSchema = {
  operationId: 'verifySignupEmail',
  summary: "Confirm a sign-up's email through the mailed link, and sign in",
  description:
    'Answers `{ token, user }` like /auth/login; from then on the address signs in. 409 ' +
    '(`email_taken`) when an account with a password holds the address; 410 (`link_used`, ' +
    '`link_expired`) when the link no longer works. Limited per client address (429).',
  tags,
  security: [],
  body: Type.Object({ token: LinkToken }),
  response: { 200: AuthResponse, ...errorResponses(400, 409, 410, 429) },
};
