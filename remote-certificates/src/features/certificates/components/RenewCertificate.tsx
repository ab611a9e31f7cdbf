import { lazy, Suspense, useState } from 'react';
import { type Certificate } from '@duly/shared/core';
import { isInReminderWindow, kolkataToday } from '@duly/shared/dates';
import { Button, Dialog, LoadingState, ReadOnlyForm, useManagersOnly } from '@duly/shared/ui';

// Loaded when the dialog first opens: formik and yup stay off the certificate page (issue 32).
const RenewForm = lazy(async () => ({ default: (await import('./RenewForm')).RenewForm }));

/**
 * Renew is offered for a lapsed certificate (ARCHITECTURE 6) and, so nobody waits for the
 * expiry to act, from the first day of its reminder window (issue 33).
 */
export function isRenewable(
  certificate: Pick<Certificate, 'status' | 'expiry_date' | 'reminder_days_before'>,
  today: string = kolkataToday(),
): boolean {
  return (
    certificate.status === 'expired' ||
    certificate.status === 'escalated' ||
    isInReminderWindow(certificate, today)
  );
}

/** What the Renew dialog says at its top to an employee, read-only (issue 33 item 4). */
export const RENEW_READ_ONLY =
  'Only managers and admins can renew certificates. Add the new certificate under Documents and they will renew it.';

/**
 * Renew: for an expired or escalated certificate, asks for the new expiry date (and issue date)
 * and saves them; the API then marks it renewed, and the reminder re-arms for the new date.
 * An employee (the person in charge) sees the dialog read-only, with the reason at its top:
 * the API lets only managers and admins change a certificate.
 */
export function RenewCertificate({ certificate }: { certificate: Certificate }) {
  const [open, setOpen] = useState(false);
  const readOnlyReason = useManagersOnly(RENEW_READ_ONLY);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Renew</Button>
      <Dialog open={open} title="Renew Certificate" onClose={close}>
        {/* Mounted per opening: the form starts from today's issue date each time. */}
        {open ? (
          <ReadOnlyForm readOnlyReason={readOnlyReason}>
            <Suspense fallback={<LoadingState />}>
              <RenewForm certificate={certificate} onClose={close} />
            </Suspense>
          </ReadOnlyForm>
        ) : null}
      </Dialog>
    </>
  );
}
