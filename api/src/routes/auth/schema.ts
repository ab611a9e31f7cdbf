import { Type } from 'typebox';
import { ROLES } from '@duly/shared/contract';
import {
  AnyPassword,
  Email,
  Enum,
  Name,
  NewPassword,
  Nullable,
  errorResponses,
} from '../../lib/schema';

/** Any password is tried at sign-in (the rules apply when one is set). */
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, examples: ['priya@demo.duly.test'] }),
  password: AnyPassword,
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
  operationId: 'signIn',
  summary: 'Sign in',
  tags: ['auth'],
  security: [],
  body: LoginBody,
  response: { 200: AuthResponse, ...errorResponses(400, 401, 429) },
};

export const signupSchema = {
  operationId: 'signUp',
  summary: 'Create an organisation and its first user (an admin), and sign in',
  description:
    'The same answer whether or not the email has an account. The address signs in once the ' +
    'link mailed to it is followed (POST /auth/verify-email); an address that has an account ' +
    'gets a mail saying so instead. Limited per client address (429).',
  tags: ['auth'],
  security: [],
  body: SignupBody,
  response: { 201: AuthResponse, ...errorResponses(400, 429) },
};
