import { Type } from 'typebox';
import { MIN_PASSWORD_LENGTH, ROLES } from '@duly/shared/contract';
import { Email, Enum, Name, Nullable, errorResponses } from '../../lib/schema';

/** Long enough for any passphrase, short enough that hashing it is cheap. */
const PASSWORD_MAX_LENGTH = 1024;

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
});

/** The rule of every new password: sign-up, accepting an invitation, a reset. */
export const NewPassword = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
});

export const SignupBody = Type.Object({
  email: Email,
  password: NewPassword,
  /** The user's full name. */
  name: Name,
  organization_name: Name,
});

export const AuthUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  full_name: Nullable(Type.String()),
  role: Enum(ROLES),
  organization_id: Type.String(),
});

export const AuthResponse = Type.Object({ token: Type.String(), user: AuthUser });

export const loginSchema = {
  summary: 'Sign in',
  tags: ['auth'],
  security: [],
  body: LoginBody,
  response: { 200: AuthResponse, ...errorResponses(400, 401, 429) },
};

export const signupSchema = {
  summary: 'Create an organisation and its first user (an admin), and sign in',
  tags: ['auth'],
  security: [],
  body: SignupBody,
  response: { 201: AuthResponse, ...errorResponses(400, 409) },
};
