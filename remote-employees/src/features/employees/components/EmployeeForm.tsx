import { useFormik, type FormikHelpers } from 'formik';
import { employeeSchema, type EmployeeFormValues } from '@duly/shared/forms';
import { DEPARTMENTS, EMPLOYEE_STATUSES, statusLabel, type Role } from '@duly/shared/core';
import { optionsOf, Select, TextField } from '@duly/shared/kit';
import { bindField, FormikForm } from '@duly/shared/form-kit';
import { roleLabel } from '../labels';
import { employeePaths } from '../paths';

const STATUS_OPTIONS = optionsOf(EMPLOYEE_STATUSES, statusLabel);

/** The spec's departments, plus the person's own when it is another one (kept, not lost on save). */
function departmentOptions(current: string) {
  const departments: string[] = [...DEPARTMENTS];
  if (current && !departments.includes(current)) departments.push(current);
  return optionsOf(departments);
}

export interface EmployeeFormProps {
  initialValues: EmployeeFormValues;
  /** The roles the signed-in user may give (a manager: never 'admin'). */
  roles: readonly Role[];
  /** Resolves when the save is over: the submit button shows `pendingLabel` until then. */
  onSubmit: (
    values: EmployeeFormValues,
    helpers: FormikHelpers<EmployeeFormValues>,
  ) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
}

/**
 * The person form of 'New User' and 'Edit User' (spec 2, 5, 9): first and last name, email
 * (email input), phone (telephone input), role, department and status. The API's rules (a valid
 * email is needed, lengths, roles) come from the shared schema and show under each field once it
 * was left or the form submitted. Cancel returns to /employees.
 */
export function EmployeeForm({
  initialValues,
  roles,
  onSubmit,
  submitLabel,
  pendingLabel,
}: EmployeeFormProps) {
  const formik = useFormik<EmployeeFormValues>({
    initialValues,
    validationSchema: employeeSchema,
    onSubmit,
  });
  const bind = (field: keyof EmployeeFormValues) => bindField(formik, field);
  const roleOptions = optionsOf(roles, roleLabel);

  return (
    <FormikForm {...{ formik, submitLabel, pendingLabel }} cancel={employeePaths.list}>
      <TextField label="First Name" autoComplete="off" {...bind('firstName')} />
      <TextField label="Last Name" autoComplete="off" {...bind('lastName')} />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        hint="The address the person signs in with"
        {...bind('email')}
      />
      <TextField label="Phone Number" type="tel" autoComplete="off" {...bind('phone')} />
      <Select label="Role" options={roleOptions} {...bind('role')} />
      <Select
        label="Department"
        options={departmentOptions(initialValues.department)}
        {...bind('department')}
      />
      <Select label="Status" options={STATUS_OPTIONS} {...bind('status')} />
    </FormikForm>
  );
}
