import { employeeStatusMeta, StatusBadge } from '@duly/shared';

/** A person's status as a coloured pill (spec 4): active green, inactive red, other yellow. */
export function EmployeeStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = employeeStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
