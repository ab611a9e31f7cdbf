import { useSearchParams } from 'react-router-dom';
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
  // The compliance matrix's "add certificate" names the person and the type.
  const [search] = useSearchParams();
  const prefill = {
    ...(search.get('person') ? { incharge_person_id: search.get('person')! } : {}),
    ...(search.get('type') ? { certificate_type_id: search.get('type')! } : {}),
  };
  const back = search.get('type') ? '/compliance' : certificatePaths.list;
  const [createCertificate] = useCertificatesCreateMutation();
  const save = useSaveThenGo({
    success: 'Certificate created successfully',
    failure: failureText('Error creating certificate'),
    to: back,
  });

  return (
    <FormScreen
      title="Create New Certificate"
      back={{ to: certificatePaths.list, label: 'Back to Certificates' }}
    >
      <CreateCertificateForm
        prefill={prefill}
        onSubmit={async (values) => {
          await save(createCertificate(toCreatePayload(values, currentUser)));
        }}
      />
    </FormScreen>
  );
}
