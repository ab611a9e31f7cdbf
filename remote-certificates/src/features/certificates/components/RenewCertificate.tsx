import { useState } from 'react';
import { useFormik } from 'formik';
import {
  apiErrorMessage,
  Button,
  bindField,
  DateField,
  Dialog,
  Form,
  FormActions,
  isInReminderWindow,
  kolkataToday,
  useSaveThenGo,
  type Certificate,
} from '@duly/shared';
import { useCertificatesUpdateMutation } from '../api';
import {
  renewCertificateSchema,
  renewInitialValues,
  toRenewPayload,
  type RenewCertificateFormValues,
} from '../schemas';

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

const DATE_HINT = 'Date in India Standard Time (Asia/Kolkata)';

interface RenewFormProps {
  certificate: Certificate;
  onClose: () => void;
}

function RenewForm({ certificate, onClose }: RenewFormProps) {
  const [update] = useCertificatesUpdateMutation();
  const save = useSaveThenGo({
    success: 'Certificate renewed successfully',
    failure: (error) => apiErrorMessage(error, 'Failed to renew certificate'),
    onSaved: onClose,
  });
  const formik = useFormik<RenewCertificateFormValues>({
    initialValues: renewInitialValues(),
    validationSchema: renewCertificateSchema,
    onSubmit: async (values) => {
      await save(update({ id: certificate.id, changes: toRenewPayload(values) }));
    },
  });

  return (
    <Form onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      <DateField label="New Issue Date" hint={DATE_HINT} {...bindField(formik, 'issue_date')} />
      <DateField
        label="New Expiry Date"
        hint={DATE_HINT}
        required
        {...bindField(formik, 'expiry_date')}
      />
      <FormActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Renewing...' : 'Renew'}
        </Button>
      </FormActions>
    </Form>
  );
}

/**
 * Renew: for an expired or escalated certificate, asks for the new expiry date (and issue date)
 * and saves them; the API then marks it renewed, and the reminder re-arms for the new date.
 */
export function RenewCertificate({ certificate }: { certificate: Certificate }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Renew</Button>
      <Dialog open={open} title="Renew Certificate" onClose={close}>
        {/* Mounted per opening: the form starts from today's issue date each time. */}
        {open ? <RenewForm certificate={certificate} onClose={close} /> : null}
      </Dialog>
    </>
  );
}
