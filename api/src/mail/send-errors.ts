/**
 * What a failed send means for the mail, by the class of the error (nodemailer's
 * `responseCode` is the SMTP server's answer; without one, no answer came):
 * - `permanent`: a 5xx (an unknown mailbox, a message refused): retrying cannot help;
 * - `temporary`: a 4xx (a full mailbox, greylisting, a throttling relay): try again later;
 * - `connection`: no answer at all (refused, reset, dropped, timed out): the mail may go
 *   through at once on another connection.
 */
export type SendErrorClass = 'permanent' | 'temporary' | 'connection';

export function classifySendError(error: unknown): SendErrorClass {
  const code = Number((error as { responseCode?: unknown } | null)?.responseCode);
  if (code >= 500 && code <= 599) return 'permanent';
  if (code >= 400 && code <= 499) return 'temporary';
  return 'connection';
}
