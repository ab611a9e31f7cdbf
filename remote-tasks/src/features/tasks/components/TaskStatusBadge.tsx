import { taskStatusMeta } from '@duly/shared/core';
import { StatusBadge } from '@duly/shared/ui';

/** A task's status as a coloured pill (spec 4, standard palette); 'Unknown' for any other value. */
export function TaskStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = taskStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
