/**
 * The small yup building blocks every form schema uses (account and domain forms alike), kept
 * apart so the account forms (accountSchemas.ts) need neither luxon nor the domain schemas.
 */
import * as yup from 'yup';

export const requiredText = (message: string) => yup.string().trim().required(message);

export const email = yup.string().trim().email('Enter a valid email address');

export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}
