/**
 * The headers every response of the server carries: the API's answers, the web app's files
 * and config.json, and the errors raised before any route is found (a bad URL, huge headers).
 * The API adds its stricter policy (plugins/security.ts), the shell's page its own
 * (web/security-headers.ts); this list is the floor, checked against every response by
 * test/every-response.test.ts.
 */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  // No browser may guess a type other than the one sent (a JSON error read as a script).
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  // HTTPS only, for a year, on the page and its files as on the API: a page first loaded over
  // plain HTTP could be altered on the way and read every answer the API then gives it.
  // Browsers ignore it on an answer that came over plain HTTP (localhost, `npm start`).
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
