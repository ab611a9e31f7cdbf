import { employeeStatusMeta } from '@duly/shared/core';
import { StatusBadge } from '@duly/shared/ui';

/** A person's status as a coloured pill (spec 4): active green, inactive red, other yellow. */
export function EmployeeStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = employeeStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
