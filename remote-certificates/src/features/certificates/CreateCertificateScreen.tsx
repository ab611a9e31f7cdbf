import { Link } from 'react-router-dom';
import {
  Button,
  Card,
  isApiError,
  PageHeader,
  selectCurrentUser,
  useAppSelector,
  useSaveThenGo,
} from '@duly/shared';
import { useCertificatesCreateMutation } from './api';
import { CreateCertificateForm } from './components/CreateCertificateForm';
import { certificatePaths } from './paths';
import { toCreatePayload } from './schemas';

/**
 * /certificates/create: 'Create New Certificate'. Reachable by every signed-in user (spec 6);
 * an employee who opens it gets the API's refusal as the error toast.
 */
export function CreateCertificateScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  const [createCertificate] = useCertificatesCreateMutation();
  const save = useSaveThenGo({
    success: 'Certificate created successfully',
    // 'Error creating certificate: {message}': the server's message when it sent one.
    failure: (error) =>
      `Error creating certificate: ${isApiError(error) ? error.message : 'Unexpected error'}`,
    to: certificatePaths.list,
  });

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
        <CreateCertificateForm
          onSubmit={async (values) => {
            await save(createCertificate(toCreatePayload(values, currentUser)));
          }}
        />
      </Card>
    </>
  );
}
