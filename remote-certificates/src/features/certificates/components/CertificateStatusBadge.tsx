import { certificateStatusMeta } from '@duly/shared/core';
import { StatusBadge } from '@duly/shared/ui';

/**
 * A certificate's status as a coloured pill (spec 4, standard palette: active green, expired red,
 * renewed blue, escalated purple); 'Unknown' for any other value.
 */
export function CertificateStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, color } = certificateStatusMeta(status);
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
