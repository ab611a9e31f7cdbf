import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { selectCurrentUser, useAppSelector, ROLES, type Employee } from '@duly/shared/core';
import { type EmployeeFormValues } from '@duly/shared/forms';
import { ConfirmDialog, FormCard, ItemScreen, useSaveThenGo } from '@duly/shared/ui';
import { useEmployeesGetQuery, useEmployeesUpdateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { toFormValues, toUpdatePayload } from './formValues';
import { displayName } from './labels';
import { employeePaths } from './paths';
import { assignableRoles, whyNotEditPerson } from './permissions';
import { useSnackbar } from '@duly/shared/kit';

/**
 * The address this save asked for, when the API keeps it pending: someone who has set a password
 * confirms a new email from it before it takes effect (docs/accounts.md).
 */
function emailAwaitingConfirmation(saved: Employee, sent: string | undefined): string | null {
  const asked = sent?.trim().toLowerCase();
  return asked && saved.pending_email === asked ? asked : null;
}

const emailChangeNotice = (address: string) =>
  `A confirmation link was sent to ${address}; the email changes when it is confirmed.`;

function EditEmployeeForm({ person, readOnly }: { person: Employee; readOnly: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const [updateEmployee] = useEmployeesUpdateMutation();
  // A save that deactivates the person waits for the confirmation, holding the form's values.
  const [deactivating, setDeactivating] = useState<EmployeeFormValues | null>(null);
  // The email this save sent, to tell whether the API keeps it pending.
  const sentEmail = useRef<string | undefined>(undefined);
  const saveThenGo = useSaveThenGo<EmployeeFormValues, Employee>({
    success: 'User updated successfully',
    failure: 'Failed to update user',
    to: employeePaths.list,
    onSaved: (saved) => {
      const awaiting = emailAwaitingConfirmation(saved, sentEmail.current);
      if (awaiting) enqueueSnackbar(emailChangeNotice(awaiting), { variant: 'info' });
    },
  });

  async function save(values: EmployeeFormValues) {
    const changes = toUpdatePayload(values);
    sentEmail.current = changes.email;
    await saveThenGo(updateEmployee({ id: person.id, changes }));
  }

  async function handleSubmit(values: EmployeeFormValues) {
    if (values.status === 'inactive' && person.status !== 'inactive') setDeactivating(values);
    else await save(values);
  }

  return (
    <>
      <EmployeeForm
        initialValues={toFormValues(person)}
        // Read-only, the person's own role shows whatever it is.
        roles={readOnly ? ROLES : assignableRoles(currentUser)}
        onSubmit={handleSubmit}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${displayName(person)}?`}
        message={
          'They are signed out everywhere and can no longer sign in. Their open tasks and ' +
          'certificates stay assigned to them until you reassign them.'
        }
        confirmLabel="Deactivate"
        confirmVariant="danger"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          const values = deactivating;
          setDeactivating(null);
          if (values) void save(values);
        }}
      />
    </>
  );
}

/**
 * /employees/{employeeId}/edit: 'Edit User' (managers and admins; an admin only by an admin;
 * anyone else sees it read-only with the reason at the top).
 * Cancel or a save returns to /employees; 'Failed to fetch user data' when the person cannot be
 * loaded (a toast, and the page says so too).
 */
export function EditEmployeeScreen() {
  const { employeeId = '' } = useParams();
  const currentUser = useAppSelector(selectCurrentUser);
  return (
    <ItemScreen
      query={useEmployeesGetQuery(employeeId)}
      errorToast
      title="Edit User"
      texts={{
        loading: 'Loading user...',
        notFound: 'User not found',
        error: 'Failed to fetch user data',
      }}
      back={{ to: employeePaths.list, label: 'Back to Users' }}
    >
      {(person) => {
        // Someone who may not change this person sees the form read-only, with the reason on top.
        const readOnlyReason = whyNotEditPerson(currentUser, person);
        return (
          <FormCard readOnlyReason={readOnlyReason}>
            {/* Keyed by person: the form starts from that person's values. */}
            <EditEmployeeForm key={person.id} person={person} readOnly={readOnlyReason !== null} />
          </FormCard>
        );
      }}
    </ItemScreen>
  );
}
