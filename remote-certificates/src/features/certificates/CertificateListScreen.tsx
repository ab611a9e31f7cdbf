import { useMemo } from 'react';
import {
  CERTIFICATE_STATUSES,
  EXPIRING_WITHIN_DAY_CHOICES,
  selectCanManage,
  useAppSelector,
  type Certificate,
  type CertificateListParams,
} from '@duly/shared/core';
import { formatDate } from '@duly/shared/dates';
import {
  CertificateStatusBadge,
  editColumn,
  listFilter,
  ResourceListScreen,
  statusFilter,
  titleColumn,
  type ColumnEntry,
  type ResourceList,
} from '@duly/shared/kit';
import { useCertificatesListQuery } from './api';
import { certificatePaths } from './paths';

type CertificateFilters = {
  status: typeof CERTIFICATE_STATUSES;
  expiring_within_days: string[];
  in_reminder_window: string[];
};

/**
 * /certificates' page, filters, order (the API's CERTIFICATE_SORTS; its default is expiry date,
 * soonest first) and name search, kept in the URL
 * (`/certificates?status=active&expiring_within_days=30&sort=-expiry_date&q=fire&page=2`).
 */
const CERTIFICATES: ResourceList<Certificate, CertificateFilters, CertificateListParams> = {
  title: 'Certificates',
  noun: 'certificates',
  params: {
    // `?expiring_within_days=` takes the list's choices only (7, 30, 90).
    filters: {
      status: CERTIFICATE_STATUSES,
      expiring_within_days: EXPIRING_WITHIN_DAY_CHOICES.map(String),
      // The dashboards' "expire within their reminder window" links (issue 33).
      in_reminder_window: ['true'],
    },
    sorts: ['name', 'status', 'expiry_date'],
    defaultSort: 'expiry_date',
  },
  useQuery: useCertificatesListQuery,
  // The API takes the days as a number; RTK Query compares arguments by value.
  toQuery: ({ expiring_within_days: within, in_reminder_window: inWindow, ...rest }) => ({
    ...rest,
    ...(within === undefined ? {} : { expiring_within_days: Number(within) }),
    // useListParams lets 'true' only through.
    ...(inWindow === undefined ? {} : { in_reminder_window: 'true' }),
  }),
  searchLabel: 'Search by name',
  filters: [
    statusFilter(CERTIFICATE_STATUSES),
    listFilter(
      'expiring_within_days',
      'Expiring Within',
      'Any time',
      EXPIRING_WITHIN_DAY_CHOICES,
      (days) => `Next ${days} days`,
    ),
    listFilter(
      'in_reminder_window',
      'Reminder Window',
      'Any',
      ['true'],
      () => 'In reminder window',
    ),
  ],
  texts: { filtered: 'No certificates match these filters' },
};

/** Spec 2: Name, Status, Expiry Date, Reminder Days and, for managers, Edit. */
function certificateColumns(canEdit: boolean): ColumnEntry<Certificate>[] {
  return [
    titleColumn('name', 'Name', (c) => c.name, { sortKey: 'name' }),
    {
      key: 'status',
      header: 'Status',
      cell: (c) => <CertificateStatusBadge status={c.status} />,
      sortKey: 'status',
    },
    {
      key: 'expiry',
      header: 'Expiry Date',
      cell: (c) => formatDate(c.expiry_date),
      sortKey: 'expiry_date',
    },
    {
      key: 'reminder',
      header: 'Reminder Days',
      cell: (c) => c.reminder_days_before,
      numeric: true,
    },
    canEdit &&
      editColumn<Certificate>({ to: (c) => certificatePaths.edit(c.id), name: (c) => c.name }),
  ];
}

/** A row opens its certificate; at module level, so the table's rows stay memoised. */
const certificateLink = (c: Certificate) => certificatePaths.detail(c.id);

/**
 * /certificates: the organisation's certificates (an employee's own), a page at a time,
 * filterable by status and by how soon they expire, searchable by name and sortable by name,
 * status and expiry date; a row opens the certificate. 'New Certificate' and Edit only for those
 * who may use them.
 */
export function CertificateListScreen() {
  // Whoever may add certificates may import them (POST /imports, issue 27).
  const canManage = useAppSelector(selectCanManage);
  // The same columns across renders: ResourceTable then skips the rows that did not change.
  const columns = useMemo(() => certificateColumns(canManage), [canManage]);
  return (
    <ResourceListScreen
      resource={CERTIFICATES}
      create={canManage && { to: certificatePaths.create, label: 'New Certificate' }}
      importPath={canManage && certificatePaths.import}
      table={{ columns, rowLink: certificateLink }}
    />
  );
}
