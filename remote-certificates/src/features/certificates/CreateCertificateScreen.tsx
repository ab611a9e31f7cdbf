import { useSearchParams } from 'react-router-dom';
import {
  FormScreen,
  failureText,
  selectCurrentUser,
  useAppSelector,
  useManagersOnly,
  useSubmitThenGo,
  type Certificate,
  type CreateCertificateFormValues,
} from '@duly/shared';
import { useCertificatesCreateMutation } from './api';
import { CreateCertificateForm } from './components/CreateCertificateForm';
import { certificatePaths } from './paths';
import { toCreatePayload } from './schemas';
import { BACK_TO_CERTIFICATES } from './texts';

/** What /certificates/create says at its top to an employee, the form read-only (issue 33 item 4). */
export const CREATE_CERTIFICATE_READ_ONLY = 'Only managers and admins can create certificates.';

/**
 * /certificates/create: 'Create New Certificate'. Reachable by every signed-in user (spec 6);
 * for an employee it is read-only and says why. Once created, the new certificate's page opens
 * (from the compliance matrix: back to the matrix).
 */
export function CreateCertificateScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  // The compliance matrix's "add certificate" names the person and the type.
  const [search] = useSearchParams();
  const prefill = {
    ...(search.get('person') ? { incharge_person_id: search.get('person')! } : {}),
    ...(search.get('type') ? { certificate_type_id: search.get('type')! } : {}),
  };
  const [createCertificate] = useCertificatesCreateMutation();
  const fromMatrix = Boolean(search.get('type'));
  const submit = useSubmitThenGo(
    (values: CreateCertificateFormValues) =>
      createCertificate(toCreatePayload(values, currentUser)),
    {
      success: 'Certificate created successfully',
      failure: failureText('Error creating certificate'),
      to: (certificate: Certificate) =>
        fromMatrix ? '/compliance' : certificatePaths.detail(certificate.id),
    },
  );

  return (
    <FormScreen
      title="Create New Certificate"
      back={BACK_TO_CERTIFICATES}
      readOnlyReason={useManagersOnly(CREATE_CERTIFICATE_READ_ONLY)}
    >
      <CreateCertificateForm prefill={prefill} onSubmit={submit} />
    </FormScreen>
  );
}
