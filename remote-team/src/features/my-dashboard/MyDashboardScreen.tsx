import { useState } from 'react';
import {
  personName,
  statusLabel,
  type Certificate,
  type CertificateStatus,
  type EmployeeTaskFilter,
  type Task,
} from '@duly/shared/core';
import { daysUntilExpiry } from '@duly/shared/dates';
import { optionsOf, PageHeader, type Column } from '@duly/shared/kit';
import { useTeamMyCertificatesQuery, useTeamMyTasksQuery } from './api';
import { StatusFilterSelect } from './components/StatusFilterSelect';
import { UploadCertificate } from './components/UploadCertificate';
import {
  certificateColumns,
  certificatePath,
  DashboardTable,
  taskColumns,
  taskPath,
  useDashboardPage,
} from '../dashboards';

/**
 * My Tasks (spec 2): Task, Deadline Date (`Jan 05, 2025`), Assigner (full name, else first and
 * last name, else N/A) and Status. Read-only: a row opens the task.
 */
const MY_TASK_COLUMNS: Column<Task>[] = [
  taskColumns.title,
  taskColumns.due('Deadline Date'),
  { key: 'assigner', header: 'Assigner', cell: (task) => personName(task.assigner, 'N/A') },
  taskColumns.status,
];

/** A days count that cannot be computed (no valid expiry date) shows as a dash, not NaN. */
function daysText(expiryDate: string, now: Date): string {
  const days = daysUntilExpiry(expiryDate, now);
  return Number.isNaN(days) ? '—' : String(days);
}

/**
 * My Certificates (spec 2): Certificate, Expiry Date, Status and Days Until Expiry (86,400,000
 * ms days from `now` to the expiry date's Asia/Kolkata midnight, rounded up; negative once
 * past). Read-only: a row opens the certificate.
 */
function myCertificateColumns(now: Date): Column<Certificate>[] {
  const { name, expiry, status } = certificateColumns;
  const days = (c: Certificate) => daysText(c.expiry_date, now);
  return [name, expiry, status, { key: 'days', header: 'Days Until Expiry', cell: days }];
}

/** Spec 2: My Tasks' filter (pending = not completed, done = completed, ARCHITECTURE 6). */
const TASK_FILTERS = optionsOf<EmployeeTaskFilter>(['pending', 'done'], statusLabel);

const CERTIFICATE_FILTERS = optionsOf<CertificateStatus>(
  ['active', 'expired', 'renewed', 'escalated'],
  statusLabel,
);

/** A table's page and its status filter (undefined: all); a new status goes back to page 1. */
function useStatusFilter<S extends string>(name: string, options: { value: S; label: string }[]) {
  const page = useDashboardPage();
  const [status, setStatus] = useState<S | undefined>();
  const onChange = (next: S | undefined) => {
    setStatus(next);
    page.setPage(1);
  };
  const select = <StatusFilterSelect {...{ name, options, onChange }} value={status} />;
  return { page, status, select };
}

/**
 * /employee/dashboard: the signed-in user's own tasks and certificates (spec 2), each with a
 * status filter that reloads its list, a page at a time, most urgent first; and "Upload
 * certificate" (issue 26) to send a renewed or a new certificate's document.
 */
export function MyDashboardScreen() {
  const tasks = useStatusFilter('task_status', TASK_FILTERS);
  const certificates = useStatusFilter('certificate_status', CERTIFICATE_FILTERS);

  return (
    <>
      <PageHeader title="My Dashboard" actions={<UploadCertificate />} />
      <DashboardTable
        title="My Tasks"
        actions={tasks.select}
        query={useTeamMyTasksQuery({ ...tasks.page.params, status: tasks.status })}
        list={tasks.page}
        what="tasks"
        empty={tasks.status ? 'No tasks with this status' : 'No tasks assigned to you'}
        failureLog="Error fetching tasks"
        columns={MY_TASK_COLUMNS}
        rowLink={(task) => taskPath(task.id)}
      />
      <DashboardTable
        title="My Certificates"
        actions={certificates.select}
        query={useTeamMyCertificatesQuery({
          ...certificates.page.params,
          status: certificates.status,
        })}
        list={certificates.page}
        what="certificates"
        empty={
          certificates.status
            ? 'No certificates with this status'
            : 'No certificates in your charge'
        }
        failureLog="Error fetching certificates"
        // One "now" for every row of a render.
        columns={myCertificateColumns(new Date())}
        rowLink={(certificate) => certificatePath(certificate.id)}
      />
    </>
  );
}
