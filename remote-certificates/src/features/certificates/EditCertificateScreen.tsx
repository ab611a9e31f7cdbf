import { Link, useParams } from 'react-router-dom';
import {
  apiErrorMessage,
  Button,
  Card,
  ItemScreen,
  useSaveThenGo,
  type Certificate,
} from '@duly/shared';
import { useCertificatesGetQuery, useCertificatesUpdateMutation } from './api';
import { EditCertificateForm } from './components/EditCertificateForm';
import { certificatePaths } from './paths';
import { toEditFormValues, toUpdatePayload } from './schemas';
import { BACK_TO_CERTIFICATES, CERTIFICATE_TEXTS } from './texts';

function EditForm({ certificate }: { certificate: Certificate }) {
  const [updateCertificate] = useCertificatesUpdateMutation();
  const save = useSaveThenGo({
    success: 'Certificate updated successfully',
    failure: (error) => apiErrorMessage(error, 'Failed to update certificate'),
    to: certificatePaths.detail(certificate.id),
  });
  return (
    <EditCertificateForm
      initialValues={toEditFormValues(certificate)}
      certificate={certificate}
      onSubmit={async (values) => {
        await save(updateCertificate({ id: certificate.id, changes: toUpdatePayload(values) }));
      }}
      secondaryAction={
        <Button as={Link} to={certificatePaths.detail(certificate.id)} variant="secondary">
          Cancel
        </Button>
      }
    />
  );
}

/** /certificates/{id}/edit: 'Edit Certificate', with Cancel and Save. */
export function EditCertificateScreen() {
  const { certificateId = '' } = useParams();
  return (
    <ItemScreen
      query={useCertificatesGetQuery(certificateId)}
      title="Edit Certificate"
      texts={CERTIFICATE_TEXTS}
      back={BACK_TO_CERTIFICATES}
    >
      {(certificate) => (
        <Card>
          {/* Keyed by certificate: the form starts from that certificate's values. */}
          <EditForm key={certificate.id} certificate={certificate} />
        </Card>
      )}
    </ItemScreen>
  );
}
