import { useParams } from 'react-router-dom';
import { apiErrorMessage, type Certificate } from '@duly/shared/core';
import { FormCard, ItemScreen, useManagersOnly, useSubmitThenGo } from '@duly/shared/kit';
import { useCertificatesGetQuery, useCertificatesUpdateMutation } from './api';
import { EditCertificateForm } from './components/EditCertificateForm';
import { certificatePaths } from './paths';
import { toEditFormValues, toUpdatePayload, type EditCertificateFormValues } from './schemas';
import { BACK_TO_CERTIFICATES, CERTIFICATE_TEXTS } from './texts';

function EditForm({ certificate }: { certificate: Certificate }) {
  const [updateCertificate] = useCertificatesUpdateMutation();
  const submit = useSubmitThenGo(
    (values: EditCertificateFormValues) =>
      updateCertificate({ id: certificate.id, changes: toUpdatePayload(values) }),
    {
      success: 'Certificate updated successfully',
      failure: (error) => apiErrorMessage(error, 'Failed to update certificate'),
      to: certificatePaths.detail(certificate.id),
    },
  );
  return (
    <EditCertificateForm
      initialValues={toEditFormValues(certificate)}
      certificate={certificate}
      onSubmit={submit}
      cancelTo={certificatePaths.detail(certificate.id)}
    />
  );
}

/** What the edit form says at its top to an employee, read-only (issue 33 item 4). */
export const EDIT_CERTIFICATE_READ_ONLY = 'Only managers and admins can change certificates.';

/**
 * /certificates/{id}/edit: 'Edit Certificate', with Cancel and Save; read-only with the reason
 * for an employee (the API lets only managers and admins change a certificate).
 */
export function EditCertificateScreen() {
  const { certificateId = '' } = useParams();
  const readOnlyReason = useManagersOnly(EDIT_CERTIFICATE_READ_ONLY);
  return (
    <ItemScreen
      query={useCertificatesGetQuery(certificateId)}
      title="Edit Certificate"
      texts={CERTIFICATE_TEXTS}
      back={BACK_TO_CERTIFICATES}
    >
      {(certificate) => (
        <FormCard readOnlyReason={readOnlyReason}>
          {/* Keyed by certificate: the form starts from that certificate's values. */}
          <EditForm key={certificate.id} certificate={certificate} />
        </FormCard>
      )}
    </ItemScreen>
  );
}
