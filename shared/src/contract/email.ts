/**
 * The one rule for an email address, used by the forms (formRules.ts) and the API (its
 * `format: 'email'`, api/src/lib/validation.ts), so neither accepts what the other refuses.
 *
 * Ordinary addresses only: RFC 5322 also allows quoted local parts (`"a b"@x.test`) and IP
 * literals (`x@[127.0.0.1]`), which no person's mailbox needs and which mail systems, logs
 * and links each read in their own way. An address here is a dot-atom local part, `@`, and a
 * host name of at least two labels whose last one (the top-level domain) is letters, or an
 * internationalised one in its ASCII form (`xn--p1ai`).
 */
import { MAX_EMAIL_LENGTH } from './constants';

/** RFC 5322's atext: the characters of a local part, besides the dots between them. */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A host name label (RFC 1123): letters, digits and inner hyphens, at most 63 characters. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TOP_LEVEL_DOMAIN = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';

const ORDINARY_EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL_DOMAIN}$`);

/** The longest local part a mail server must accept (RFC 5321). */
const MAX_LOCAL_PART_LENGTH = 64;

export function isOrdinaryEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH || !ORDINARY_EMAIL.test(value)) return false;
  return value.indexOf('@') <= MAX_LOCAL_PART_LENGTH;
}
