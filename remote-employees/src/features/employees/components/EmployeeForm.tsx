import { Link } from 'react-router-dom';
import { useFormik, type FormikHelpers } from 'formik';
import { employeeSchema, type EmployeeFormValues } from '@duly/shared';
import { DEPARTMENTS, EMPLOYEE_STATUSES, statusLabel, type Role } from '@duly/shared/core';
import { Button, Form, FormActions, Select, TextField } from '@duly/shared/ui';
import { roleLabel } from '../labels';
import { employeePaths } from '../paths';

const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The spec's departments, plus the person's own when it is another one (kept, not lost on save). */
function departmentOptions(current: string) {
  const departments: string[] = [...DEPARTMENTS];
  if (current && !departments.includes(current)) departments.push(current);
  return departments.map((value) => ({ value, label: value }));
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
  const errorOf = (field: keyof EmployeeFormValues) =>
    formik.touched[field] ? formik.errors[field] : undefined;
  const roleOptions = roles.map((value) => ({ value, label: roleLabel(value) }));

  return (
    <Form onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      <TextField
        label="First Name"
        autoComplete="off"
        {...formik.getFieldProps('firstName')}
        error={errorOf('firstName')}
      />
      <TextField
        label="Last Name"
        autoComplete="off"
        {...formik.getFieldProps('lastName')}
        error={errorOf('lastName')}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        hint="The address the person signs in with"
        {...formik.getFieldProps('email')}
        error={errorOf('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="off"
        {...formik.getFieldProps('phone')}
        error={errorOf('phone')}
      />
      <Select
        label="Role"
        options={roleOptions}
        {...formik.getFieldProps('role')}
        error={errorOf('role')}
      />
      <Select
        label="Department"
        options={departmentOptions(initialValues.department)}
        {...formik.getFieldProps('department')}
        error={errorOf('department')}
      />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        {...formik.getFieldProps('status')}
        error={errorOf('status')}
      />
      <FormActions>
        <Button as={Link} to={employeePaths.list} variant="secondary">
          Cancel
        </Button>
        <Button type="submit" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}
