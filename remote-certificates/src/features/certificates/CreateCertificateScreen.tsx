import {
  FormScreen,
  failureText,
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
    failure: failureText('Error creating certificate'),
    to: certificatePaths.list,
  });

  return (
    <FormScreen
      title="Create New Certificate"
      back={{ to: certificatePaths.list, label: 'Back to Certificates' }}
    >
      <CreateCertificateForm
        onSubmit={async (values) => {
          await save(createCertificate(toCreatePayload(values, currentUser)));
        }}
      />
    </FormScreen>
  );
}
