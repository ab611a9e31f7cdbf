import { Link } from 'react-router-dom';
import {
  apiErrorMessage,
  Button,
  Card,
  EmptyState,
  PageHeader,
  selectCurrentUser,
  useAppSelector,
  useSaveThenGo,
  type EmployeeFormValues,
} from '@duly/shared';
import { useEmployeesCreateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { employeeInitialValues, toCreatePayload } from './formValues';
import { employeePaths } from './paths';
import { assignableRoles, canManagePeople } from './permissions';

/** /employees/create: the 'New User' form (managers and admins); Cancel returns to /employees. */
export function CreateEmployeeScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  const [createEmployee] = useEmployeesCreateMutation();
  const save = useSaveThenGo({
    success: 'User created successfully',
    failure: (error) => apiErrorMessage(error, 'Failed to create user'),
    to: employeePaths.list,
  });

  async function handleSubmit(values: EmployeeFormValues) {
    await save(createEmployee(toCreatePayload(values, currentUser?.organization_id)));
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
