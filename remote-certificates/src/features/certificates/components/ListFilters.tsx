import styled from 'styled-components';
import {
  CERTIFICATE_STATUSES,
  EXPIRING_WITHIN_DAY_CHOICES,
  Select,
  statusLabel,
  type CertificateStatus,
} from '@duly/shared';

/** 200 px each; on a phone the two share one line under the search field. */
const Narrow = styled.div`
  width: 200px;
  max-width: 100%;

  ${({ theme }) => theme.media.narrow} {
    flex: 1 1 0;
    min-width: 0;
  }
`;

const STATUS_OPTIONS = CERTIFICATE_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

const EXPIRING_OPTIONS = EXPIRING_WITHIN_DAY_CHOICES.map((days) => ({
  value: days,
  label: `Next ${days} days`,
}));

export interface ListFiltersProps {
  /** undefined: every status. */
  status: CertificateStatus | undefined;
  onStatusChange: (status: CertificateStatus | undefined) => void;
  /** undefined: any expiry date. */
  expiringWithinDays: number | undefined;
  onExpiringWithinDaysChange: (days: number | undefined) => void;
}

/** The list's status and "expiring within" filters; the screen keeps both in the URL. */
export function ListFilters({
  status,
  onStatusChange,
  expiringWithinDays,
  onExpiringWithinDaysChange,
}: ListFiltersProps) {
  return (
    <>
      <Narrow>
        <Select
          label="Filter by Status"
          name="status"
          value={status ?? ''}
          options={STATUS_OPTIONS}
          placeholder="All statuses"
          onChange={(event) =>
            onStatusChange(CERTIFICATE_STATUSES.find((value) => value === event.target.value))
          }
        />
      </Narrow>
      <Narrow>
        <Select
          label="Expiring Within"
          name="expiring_within_days"
          value={expiringWithinDays ?? ''}
          options={EXPIRING_OPTIONS}
          placeholder="Any time"
          onChange={(event) =>
            onExpiringWithinDaysChange(
              EXPIRING_WITHIN_DAY_CHOICES.find((days) => String(days) === event.target.value),
            )
          }
        />
      </Narrow>
    </>
  );
}
