import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { EmployeeFormValues } from '@duly/shared';
import {
  isNotFound,
  selectCurrentUser,
  useAppSelector,
  ROLES,
  type Employee,
} from '@duly/shared/core';
import {
  Button,
  ConfirmDialog,
  FormCard,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
} from '@duly/shared/ui';
import { useEmployeesGetQuery, useEmployeesUpdateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { toFormValues, toUpdatePayload } from './formValues';
import { displayName } from './labels';
import { employeePaths } from './paths';
import { assignableRoles, whyNotEditPerson } from './permissions';
import { useSnackbar } from '@duly/shared/ui';

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
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const [updateEmployee] = useEmployeesUpdateMutation();
  // A save that deactivates the person waits for the confirmation, holding the form's values.
  const [deactivating, setDeactivating] = useState<EmployeeFormValues | null>(null);

  async function handleSubmit(values: EmployeeFormValues) {
    if (values.status === 'inactive' && person.status !== 'inactive') {
      setDeactivating(values);
      return;
    }
    await save(values);
  }

  async function save(values: EmployeeFormValues) {
    try {
      const changes = toUpdatePayload(values);
      const saved = await updateEmployee({ id: person.id, changes }).unwrap();
      enqueueSnackbar('User updated successfully', { variant: 'success' });
      const awaiting = emailAwaitingConfirmation(saved, changes.email);
      if (awaiting) enqueueSnackbar(emailChangeNotice(awaiting), { variant: 'info' });
      navigate(employeePaths.list);
    } catch {
      enqueueSnackbar('Failed to update user', { variant: 'error' });
    }
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
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const { data: person, error, isLoading } = useEmployeesGetQuery(employeeId);
  const failedToLoad = Boolean(error) && !isNotFound(error);

  useEffect(() => {
    if (failedToLoad) enqueueSnackbar('Failed to fetch user data', { variant: 'error' });
  }, [failedToLoad, enqueueSnackbar]);

  const backToUsers = (
    <Button as={Link} to={employeePaths.list} variant="text">
      Back to Users
    </Button>
  );

  let content: ReactNode;
  if (isLoading) content = <LoadingState>Loading user...</LoadingState>;
  else if (isNotFound(error))
    content = <EmptyState action={backToUsers}>User not found</EmptyState>;
  else if (error || !person)
    content = <ErrorState action={backToUsers}>Failed to fetch user data</ErrorState>;
  else {
    // Someone who may not change this person sees the form read-only, with the reason on top.
    const readOnlyReason = whyNotEditPerson(currentUser, person);
    content = (
      <FormCard readOnlyReason={readOnlyReason}>
        {/* Keyed by person: the form starts from that person's values. */}
        <EditEmployeeForm key={person.id} person={person} readOnly={readOnlyReason !== null} />
      </FormCard>
    );
  }

  return (
    <>
      <PageHeader title="Edit User" />
      {content}
    </>
  );
}
