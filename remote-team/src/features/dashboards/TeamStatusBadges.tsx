import { certificateStatusMeta, taskStatusMeta } from '@duly/shared/core';
import { StatusBadge } from '@duly/shared/ui';

/**
 * Statuses in the dashboards' palette (spec 4): completed green, overdue red, anything else
 * orange; certificates as on the lists except escalated, which is orange here.
 */
export function TeamTaskStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = taskStatusMeta(status, 'team');
  return <StatusBadge color={color}>{label}</StatusBadge>;
}

export function TeamCertificateStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = certificateStatusMeta(status, 'team');
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
