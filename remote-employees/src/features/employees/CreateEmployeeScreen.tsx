import type { FormikHelpers } from 'formik';
import type { EmployeeFormValues } from '@duly/shared';
import {
  apiErrorMessage,
  selectCurrentUser,
  useAppSelector,
  type Employee,
} from '@duly/shared/core';
import { FormScreen, useSaveThenGo } from '@duly/shared/ui';
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
  const save = useSaveThenGo<EmployeeFormValues, Employee>({
    success: 'User created successfully',
    failure: (error) => apiErrorMessage(error, 'Failed to create user'),
    to: (person) => employeePaths.detail(person.id),
  });

  async function handleSubmit(
    values: EmployeeFormValues,
    helpers: FormikHelpers<EmployeeFormValues>,
  ) {
    await save(createEmployee(toCreatePayload(values, currentUser?.organization_id)), helpers);
  }

  return (
    <FormScreen
      title="New User"
      readOnlyReason={canManagePeople(currentUser) ? null : CREATE_USER_READ_ONLY}
    >
      <EmployeeForm
        initialValues={employeeInitialValues}
        roles={assignableRoles(currentUser)}
        onSubmit={handleSubmit}
        submitLabel="Create User"
        pendingLabel="Creating..."
      />
    </FormScreen>
  );
}
