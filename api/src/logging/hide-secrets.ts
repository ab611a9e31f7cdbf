/**
 * A calendar feed's URL carries its secret in the path (`/api/v1/calendar/{secret}.ics`,
 * docs/integrations.md): logs show `/calendar/[secret].ics` instead.
 */
export function hidePathSecrets(url: string): string {
  return url.replace(/\/calendar\/[^/?#]+\.ics/g, '/calendar/[secret].ics');
}
