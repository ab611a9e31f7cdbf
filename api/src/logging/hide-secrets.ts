/**
 * Secrets some URLs carry in their path, hidden from every log line: a calendar feed's
 * (`/api/v1/calendar/{secret}.ics`, docs/integrations.md) and a document's signed preview
 * (`/api/v1/document-previews/{token}`, docs/documents.md), logged as `[secret]`.
 */
export function hidePathSecrets(url: string): string {
  return url
    .replace(/\/calendar\/[^/?#]+\.ics/g, '/calendar/[secret].ics')
    .replace(/\/document-previews\/[^/?#]+/g, '/document-previews/[secret]');
}
