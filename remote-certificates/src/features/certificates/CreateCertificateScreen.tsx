import { Link, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  Button,
  Card,
  isApiError,
  PageHeader,
  selectCurrentUser,
  useAppSelector,
} from '@duly/shared';
import { useCertificatesCreateMutation } from './api';
import { CreateCertificateForm } from './components/CreateCertificateForm';
import { certificatePaths } from './paths';
import { toCreatePayload, type CreateCertificateFormValues } from './schemas';

/** The `{message}` of 'Error creating certificate: {message}': the server's when it sent one. */
function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'Unexpected error';
}

/**
 * /certificates/create: 'Create New Certificate'. Reachable by every signed-in user (spec 6);
 * an employee who opens it gets the API's refusal as the error toast.
 */
export function CreateCertificateScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const [createCertificate] = useCertificatesCreateMutation();

  async function handleSubmit(values: CreateCertificateFormValues) {
    try {
      await createCertificate(toCreatePayload(values, currentUser)).unwrap();
      enqueueSnackbar('Certificate created successfully', { variant: 'success' });
      navigate(certificatePaths.list);
    } catch (error) {
      enqueueSnackbar(`Error creating certificate: ${failureMessage(error)}`, {
        variant: 'error',
      });
    }
  }

  return (
    <>
      <PageHeader
        title="Create New Certificate"
        actions={
          <Button as={Link} to={certificatePaths.list} variant="secondary">
            Back to Certificates
          </Button>
        }
      />
      <Card>
        <CreateCertificateForm onSubmit={handleSubmit} />
      </Card>
    </>
  );
}
