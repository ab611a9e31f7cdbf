import { DATE_FORMATS, personName, type Certificate, type Task } from '@duly/shared/core';
import { formatCalendarDate, formatInstant } from '@duly/shared/dates';
import {
  Button,
  CertificateStatusBadge,
  TaskStatusBadge,
  titleColumn,
  type Column,
  type ColumnEntry,
} from '@duly/shared/kit';

/** Spec 9: whom a task or certificate nobody holds shows as held by. */
export const UNASSIGNED = 'Unassigned';

/** The dashboards' task columns (spec 2): dates as `Jan 05, 2025`, statuses in their palette. */
export const taskColumns = {
  title: titleColumn('title', 'Task', (task: Task) => task.title),
  due: (header: string) => ({
    key: 'due',
    header,
    cell: (task) => formatInstant(task.due_date, DATE_FORMATS.dashboard),
  }),
  status: {
    key: 'status',
    header: 'Status',
    cell: (task) => <TaskStatusBadge status={task.status} palette="team" />,
  },
} satisfies Record<string, Column<Task> | ((header: string) => Column<Task>)>;

/** The dashboards' certificate columns: the certificate, its expiry date and status. */
export const certificateColumns = {
  name: titleColumn('name', 'Certificate', (certificate: Certificate) => certificate.name),
  expiry: {
    key: 'expiry',
    header: 'Expiry Date',
    cell: (certificate) => formatCalendarDate(certificate.expiry_date, DATE_FORMATS.dashboard),
  },
  status: {
    key: 'status',
    header: 'Status',
    cell: (certificate) => <CertificateStatusBadge status={certificate.status} palette="team" />,
  },
} satisfies Record<string, Column<Certificate>>;

/** The Assign button of a row, for those who may assign (no column without `onAssign`). */
export function assignColumn<T>(
  nameOf: (item: T) => string,
  onAssign: ((item: T) => void) | undefined,
): ColumnEntry<T> {
  return (
    onAssign && {
      key: 'assign',
      header: 'Actions',
      card: 'action',
      cell: (item: T) => (
        <Button
          variant="text"
          size="small"
          aria-label={`Assign ${nameOf(item)}`}
          onClick={() => onAssign(item)}
        >
          Assign
        </Button>
      ),
    }
  );
}

/** Whoever holds a task or certificate: their name, else 'Unassigned'. */
export const holderName = (holder: Task['assigned_to']) => personName(holder, UNASSIGNED);
