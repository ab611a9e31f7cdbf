import { Type } from 'typebox';
import { NOTIFICATION_KINDS } from '@duly/shared/contract';
import { errorResponses } from '../../lib/schema';

const kindSwitches = (required: boolean) =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      required ? Type.Boolean() : Type.Optional(Type.Boolean()),
    ]),
  );

/** Every kind of email, true = the person gets it. */
export const EmailPreferencesSchema = Type.Object(kindSwitches(true), {
  additionalProperties: false,
});

/** The kinds to change; kinds left out keep their setting, an unknown kind is a 400. */
export const EmailPreferencesBody = Type.Object(kindSwitches(false), {
  additionalProperties: false,
});

const tags = ['profile'];

export const getEmailPreferencesSchema = {
  operationId: 'getEmailPreferences',
  summary: 'Which kinds of email the caller gets',
  tags,
  response: { 200: EmailPreferencesSchema, ...errorResponses(401) },
};

export const putEmailPreferencesSchema = {
  operationId: 'updateEmailPreferences',
  summary: 'Turn kinds of email on or off for the caller',
  description:
    'Same shape as the GET; kinds left out keep their setting. Answers every kind after the change.',
  tags,
  body: EmailPreferencesBody,
  response: { 200: EmailPreferencesSchema, ...errorResponses(400, 401) },
};
