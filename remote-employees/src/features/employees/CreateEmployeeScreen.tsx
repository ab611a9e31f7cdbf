import { Link, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  apiErrorMessage,
  Button,
  Card,
  EmptyState,
  PageHeader,
  selectCurrentUser,
  useAppSelector,
  type EmployeeFormValues,
} from '@duly/shared';
import { useEmployeesCreateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { employeeInitialValues, toCreatePayload } from './formValues';
import { employeePaths } from './paths';
import { assignableRoles, canManagePeople } from './permissions';

/** /employees/create: the 'New User' form (managers and admins); Cancel returns to /employees. */
export function CreateEmployeeScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const [createEmployee] = useEmployeesCreateMutation();

  async function handleSubmit(values: EmployeeFormValues) {
    try {
      await createEmployee(toCreatePayload(values, currentUser?.organization_id)).unwrap();
      enqueueSnackbar('User created successfully', { variant: 'success' });
      navigate(employeePaths.list);
    } catch (error) {
      enqueueSnackbar(apiErrorMessage(error, 'Failed to create user'), { variant: 'error' });
    }
  }

  return (
    <>
      <PageHeader title="New User" />
      {canManagePeople(currentUser) ? (
        <Card>
          <EmployeeForm
            initialValues={employeeInitialValues}
            roles={assignableRoles(currentUser)}
            onSubmit={handleSubmit}
            submitLabel="Create User"
            pendingLabel="Creating..."
          />
        </Card>
      ) : (
        <EmptyState
          action={
            <Button as={Link} to={employeePaths.list} variant="text">
              Back to Users
            </Button>
          }
        >
          Only managers and admins can add users.
        </EmptyState>
      )}
    </>
  );
}
