import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  apiErrorMessage,
  Button,
  Card,
  EmptyState,
  ErrorState,
  isNotFound,
  LoadingState,
  PageHeader,
  type Certificate,
} from '@duly/shared';
import { useCertificatesGetQuery, useCertificatesUpdateMutation } from './api';
import { EditCertificateForm } from './components/EditCertificateForm';
import { certificatePaths } from './paths';
import { toEditFormValues, toUpdatePayload, type EditCertificateFormValues } from './schemas';

function EditForm({ certificate }: { certificate: Certificate }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [updateCertificate] = useCertificatesUpdateMutation();

  async function handleSubmit(values: EditCertificateFormValues) {
    try {
      await updateCertificate({ id: certificate.id, changes: toUpdatePayload(values) }).unwrap();
      enqueueSnackbar('Certificate updated successfully', { variant: 'success' });
      navigate(certificatePaths.detail(certificate.id));
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Failed to update certificate'), {
        variant: 'error',
      });
    }
  }

  return (
    <EditCertificateForm
      initialValues={toEditFormValues(certificate)}
      onSubmit={handleSubmit}
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
  const { data: certificate, error, isLoading } = useCertificatesGetQuery(certificateId);
  const backToCertificates = (
    <Button as={Link} to={certificatePaths.list} variant="text">
      Back to Certificates
    </Button>
  );

  let content;
  if (isLoading) content = <LoadingState>Loading certificate...</LoadingState>;
  else if (error || !certificate)
    content = isNotFound(error) ? (
      <EmptyState action={backToCertificates}>Certificate not found</EmptyState>
    ) : (
      <ErrorState action={backToCertificates}>
        Error loading certificate. Please try again later.
      </ErrorState>
    );
  else
    content = (
      <Card>
        {/* Keyed by certificate: the form starts from that certificate's values. */}
        <EditForm key={certificate.id} certificate={certificate} />
      </Card>
    );

  return (
    <>
      <PageHeader title="Edit Certificate" />
      {content}
    </>
  );
}
