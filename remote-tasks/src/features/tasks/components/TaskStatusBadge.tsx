import { StatusBadge, taskStatusMeta } from '@duly/shared';

/** A task's status as a coloured pill (spec 4, standard palette); 'Unknown' for any other value. */
export function TaskStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = taskStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
