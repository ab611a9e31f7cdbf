import { Type } from 'typebox';
import { errorResponses } from '../../lib/schema';

export const UnsubscribeQuery = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 300,
    description: 'From the List-Unsubscribe link of a reminder mail',
  }),
});

const HtmlPage = Type.String({ description: 'A short HTML page (text/html)' });

export const showUnsubscribeSchema = {
  operationId: 'showUnsubscribe',
  summary: 'The page an unsubscribe link opens: asks to confirm (changes nothing)',
  tags: ['notifications'],
  security: [],
  querystring: UnsubscribeQuery,
  response: { 200: HtmlPage, ...errorResponses(400) },
};

export const unsubscribeSchema = {
  operationId: 'unsubscribe',
  summary: 'Turns one kind of email off for one person (RFC 8058 one-click unsubscribe)',
  tags: ['notifications'],
  security: [],
  querystring: UnsubscribeQuery,
  response: { 200: HtmlPage, ...errorResponses(400) },
};
