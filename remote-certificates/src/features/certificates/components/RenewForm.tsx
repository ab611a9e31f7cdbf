/**
 * The Renew dialog's form (formik and the renewal schema): a module of its own, loaded when the
 * dialog first opens, so the certificate page downloads no form code (issue 32).
 */
import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { apiErrorMessage, proposedExpiry, type Certificate } from '@duly/shared/core';
import { useSaveThenGo } from '@duly/shared/kit';
import { FormikForm } from '@duly/shared/form-kit';
import { useCertificatesTypesQuery, useCertificatesUpdateMutation } from '../api';
import { CertificateDateFields } from './CertificateDateFields';
import {
  renewCertificateSchema,
  renewInitialValues,
  toRenewPayload,
  type RenewCertificateFormValues,
} from '../schemas';

export interface RenewFormProps {
  certificate: Certificate;
  onClose: () => void;
}

export function RenewForm({ certificate, onClose }: RenewFormProps) {
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
      <CertificateDateFields
        formik={formik}
        type={type}
        issue={{ label: 'New Issue Date' }}
        expiryLabel="New Expiry Date"
      />
    </FormikForm>
  );
}
