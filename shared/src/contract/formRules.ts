/**
 * The small yup building blocks every form schema uses (account and domain forms alike), kept
 * apart so the account forms (accountSchemas.ts) need neither luxon nor the domain schemas.
 */
import * as yup from 'yup';
import { isOrdinaryEmail } from './email';

export const requiredText = (message: string) => yup.string().trim().required(message);

/** The API's rule (email.ts): an empty field is left to `required`. */
export const email = yup
  .string()
  .trim()
  .test('email', 'Enter a valid email address', (value) => !value || isOrdinaryEmail(value));

export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}
