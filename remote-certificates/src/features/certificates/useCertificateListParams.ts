import { useCallback } from 'react';
import {
  CERTIFICATE_STATUSES,
  EXPIRING_WITHIN_DAY_CHOICES,
  PAGE_SIZE_DEFAULT,
  useListParams,
  type CertificateListParams,
  type CertificateStatus,
  type ListView,
} from '@duly/shared';

/** Certificates per page of the list. */
export const CERTIFICATES_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** The columns the list sorts by (the API's CERTIFICATE_SORTS); its default is expiry date, soonest first. */
export const CERTIFICATE_SORT_COLUMNS = ['name', 'status', 'expiry_date'] as const;
export const CERTIFICATE_DEFAULT_SORT = 'expiry_date';

/** `?expiring_within_days=` takes the list's choices only (7, 30, 90). */
const EXPIRING_WITHIN_VALUES = EXPIRING_WITHIN_DAY_CHOICES.map(String);

const CERTIFICATE_LIST = {
  pageSize: CERTIFICATES_PAGE_SIZE,
  filters: { status: CERTIFICATE_STATUSES, expiring_within_days: EXPIRING_WITHIN_VALUES },
  sorts: CERTIFICATE_SORT_COLUMNS,
  defaultSort: CERTIFICATE_DEFAULT_SORT,
};

export interface CertificateListView extends Omit<
  ListView<typeof CERTIFICATE_LIST.filters>,
  'params'
> {
  /** The status filter from `?status=`; undefined (all) when absent or not a status. */
  status: CertificateStatus | undefined;
  /** The "expiring within" filter in days; undefined when absent or not one of the choices. */
  expiringWithinDays: number | undefined;
  params: CertificateListParams;
  setStatus: (status: CertificateStatus | undefined) => void;
  setExpiringWithinDays: (days: number | undefined) => void;
}

/**
 * /certificates' page, filters, order and name search, kept in the URL
 * (`/certificates?status=active&expiring_within_days=30&sort=-expiry_date&q=fire&page=2`)
 * by the shared `useListParams`.
 */
export function useCertificateListParams(): CertificateListView {
  const list = useListParams(CERTIFICATE_LIST);
  const { setFilter } = list;
  const setStatus = useCallback(
    (status: CertificateStatus | undefined) => setFilter('status', status),
    [setFilter],
  );
  const setExpiringWithinDays = useCallback(
    (days: number | undefined) =>
      setFilter('expiring_within_days', days === undefined ? undefined : String(days)),
    [setFilter],
  );
  const within = list.filters.expiring_within_days;
  const expiringWithinDays = within === undefined ? undefined : Number(within);
  // The API takes the days as a number; RTK Query compares arguments by value, so a new object
  // each render asks for nothing new.
  const { expiring_within_days: _days, ...rest } = list.params;
  const params: CertificateListParams =
    expiringWithinDays === undefined ? rest : { ...rest, expiring_within_days: expiringWithinDays };
  return {
    ...list,
    params,
    status: list.filters.status,
    expiringWithinDays,
    setStatus,
    setExpiringWithinDays,
  };
}
