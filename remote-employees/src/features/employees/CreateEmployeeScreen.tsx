import {
  apiErrorMessage,
  selectCurrentUser,
  useAppSelector,
  type Employee,
} from '@duly/shared/core';
import { type EmployeeFormValues } from '@duly/shared/forms';
import { CreateScreen } from '@duly/shared/form-kit';
import { useEmployeesCreateMutation } from './api';
import { EmployeeForm } from './components/EmployeeForm';
import { employeeInitialValues, toCreatePayload } from './formValues';
import { employeePaths } from './paths';
import { assignableRoles } from './permissions';

/** What 'New User' says at its top to an employee, the form read-only (issue 33 item 4). */
export const CREATE_USER_READ_ONLY = 'Only managers and admins can add users.';

/**
 * /employees/create: the 'New User' form (managers and admins; read-only with the reason for an
 * employee); Cancel returns to /employees, a created person's page opens.
 */
export function CreateEmployeeScreen() {
  const [createEmployee] = useEmployeesCreateMutation();
  const roles = assignableRoles(useAppSelector(selectCurrentUser));
  return (
    <CreateScreen
      title="New User"
      managersOnly={CREATE_USER_READ_ONLY}
      send={(values: EmployeeFormValues, user) =>
        createEmployee(toCreatePayload(values, user?.organization_id))
      }
      saved={{
        success: 'User created successfully',
        failure: (error) => apiErrorMessage(error, 'Failed to create user'),
        to: (person: Employee) => employeePaths.detail(person.id),
      }}
    >
      {(submit) => (
        <EmployeeForm
          initialValues={employeeInitialValues}
          roles={roles}
          onSubmit={submit}
          submitLabel="Create User"
          pendingLabel="Creating..."
        />
      )}
    </CreateScreen>
  );
}
