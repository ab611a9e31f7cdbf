import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { proposedExpiry } from '@duly/shared';
import { apiErrorMessage, type Certificate } from '@duly/shared/core';
import { isInReminderWindow, kolkataToday } from '@duly/shared/dates';
import {
  Button,
  bindField,
  DateField,
  Dialog,
  FormikForm,
  ReadOnlyForm,
  useManagersOnly,
  useSaveThenGo,
} from '@duly/shared/ui';
import { useCertificatesTypesQuery, useCertificatesUpdateMutation } from '../api';
import { ValidityProposal } from './ValidityProposal';
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
  const types = useCertificatesTypesQuery(undefined, { skip: !certificate.certificate_type_id });
  const type = types.data?.find((candidate) => candidate.id === certificate.certificate_type_id);
  const formik = useFormik<RenewCertificateFormValues>({
    initialValues: renewInitialValues(),
    validationSchema: renewCertificateSchema,
    onSubmit: async (values) => {
      await save(update({ id: certificate.id, changes: toRenewPayload(values) }));
    },
  });
  // Renewal by validity (issue 28): a typed certificate's new expiry is proposed as the issue
  // date plus the type's validity, pre-filled and editable; it follows the issue date for as
  // long as nobody has typed another expiry.
  const proposal = type ? proposedExpiry(formik.values.issue_date, type.validity_months) : null;
  const [proposed, setProposed] = useState('');
  useEffect(() => {
    if (!proposal) return;
    if (formik.values.expiry_date === '' || formik.values.expiry_date === proposed) {
      void formik.setFieldValue('expiry_date', proposal);
    }
    setProposed(proposal);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the proposal changes
  }, [proposal]);

  return (
    <FormikForm formik={formik} submitLabel="Renew" pendingLabel="Renewing..." cancel={onClose}>
      <DateField label="New Issue Date" hint={DATE_HINT} {...bindField(formik, 'issue_date')} />
      <DateField
        label="New Expiry Date"
        hint={DATE_HINT}
        required
        {...bindField(formik, 'expiry_date')}
      />
      <ValidityProposal
        issueDate={formik.values.issue_date}
        expiryDate={formik.values.expiry_date}
        type={type}
        onUse={(date) => void formik.setFieldValue('expiry_date', date)}
      />
    </FormikForm>
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
            <RenewForm certificate={certificate} onClose={close} />
          </ReadOnlyForm>
        ) : null}
      </Dialog>
    </>
  );
}
