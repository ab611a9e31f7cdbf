import { useSearchParams } from 'react-router-dom';
import { type Certificate } from '@duly/shared/core';
import { type CreateCertificateFormValues } from '@duly/shared/forms';
import { failureText } from '@duly/shared/kit';
import { CreateScreen } from '@duly/shared/form-kit';
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
 * (from the compliance matrix, which names the person and the type: back to the matrix).
 */
export function CreateCertificateScreen() {
  const [search] = useSearchParams();
  const person = search.get('person');
  const type = search.get('type');
  const [createCertificate] = useCertificatesCreateMutation();
  return (
    <CreateScreen
      title="Create New Certificate"
      back={BACK_TO_CERTIFICATES}
      managersOnly={CREATE_CERTIFICATE_READ_ONLY}
      send={(values: CreateCertificateFormValues, user) =>
        createCertificate(toCreatePayload(values, user))
      }
      saved={{
        success: 'Certificate created successfully',
        failure: failureText('Error creating certificate'),
        to: (created: Certificate) => (type ? '/compliance' : certificatePaths.detail(created.id)),
      }}
    >
      {(submit) => (
        <CreateCertificateForm
          prefill={{
            ...(person ? { incharge_person_id: person } : {}),
            ...(type ? { certificate_type_id: type } : {}),
          }}
          onSubmit={submit}
        />
      )}
    </CreateScreen>
  );
}
