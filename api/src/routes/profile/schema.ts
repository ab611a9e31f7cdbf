import { Type } from 'typebox';
import { ROLES } from '@duly/shared/contract';
import { AnyPassword, Enum, Name, NewPassword, Nullable, errorResponses } from '../../lib/schema';
import { AuthResponse } from '../auth/schema';

export const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  full_name: Nullable(Type.String()),
  role: Enum(ROLES),
  organization_id: Type.String(),
  organization_name: Type.String(),
});

export const ProfileNameBody = Type.Object({ full_name: Name }, { additionalProperties: false });

export const PasswordChangeBody = Type.Object(
  { current_password: AnyPassword, new_password: NewPassword },
  { additionalProperties: false },
);

export const getProfileSchema = {
  operationId: 'getProfile',
  summary: 'The signed-in person: name, email, role and organisation',
  tags: ['profile'],
  response: { 200: Profile, ...errorResponses(401) },
};

export const updateProfileSchema = {
  operationId: 'updateProfile',
  summary: 'Change one’s own full name; answers a token that carries it',
  tags: ['profile'],
  body: ProfileNameBody,
  response: { 200: AuthResponse, ...errorResponses(400, 401) },
};

export const changePasswordSchema = {
  operationId: 'changePassword',
  summary:
    'Change one’s own password with the current one; ends every other session and answers a fresh token',
  description:
    'A wrong current password is a 400 on `current_password` and counts against the sign-in limits (429 beyond them).',
  tags: ['profile'],
  body: PasswordChangeBody,
  response: { 200: AuthResponse, ...errorResponses(400, 401, 429) },
};
