import {
  apiErrorMessage,
  FormScreen,
  selectCurrentUser,
  useAppSelector,
  useSubmitThenGo,
  type Employee,
  type EmployeeFormValues,
} from '@duly/shared';
import { useEmployeesCreateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { employeeInitialValues, toCreatePayload } from './formValues';
import { employeePaths } from './paths';
import { assignableRoles, canManagePeople } from './permissions';

/** What 'New User' says at its top to an employee, the form read-only (issue 33 item 4). */
export const CREATE_USER_READ_ONLY = 'Only managers and admins can add users.';

/**
 * /employees/create: the 'New User' form (managers and admins; read-only with the reason for an
 * employee); Cancel returns to /employees, a created person's page opens.
 */
export function CreateEmployeeScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  const [createEmployee] = useEmployeesCreateMutation();
  const submit = useSubmitThenGo(
    (values: EmployeeFormValues) =>
      createEmployee(toCreatePayload(values, currentUser?.organization_id)),
    {
      success: 'User created successfully',
      failure: (error) => apiErrorMessage(error, 'Failed to create user'),
      to: (person: Employee) => employeePaths.detail(person.id),
    },
  );

  return (
    <FormScreen
      title="New User"
      readOnlyReason={canManagePeople(currentUser) ? null : CREATE_USER_READ_ONLY}
    >
      <EmployeeForm
        initialValues={employeeInitialValues}
        roles={assignableRoles(currentUser)}
        onSubmit={submit}
        submitLabel="Create User"
        pendingLabel="Creating..."
      />
    </FormScreen>
  );
}
