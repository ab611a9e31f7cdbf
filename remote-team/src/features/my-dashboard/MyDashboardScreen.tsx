import { useState } from 'react';
import {
  personName,
  type Certificate,
  type CertificateStatus,
  type EmployeeTaskFilter,
  type Task,
} from '@duly/shared/core';
import { daysUntilExpiry } from '@duly/shared/dates';
import { PageHeader, type Column } from '@duly/shared/ui';
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
const TASK_FILTERS: { value: EmployeeTaskFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'done', label: 'Done' },
];

const CERTIFICATE_FILTERS: { value: CertificateStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'renewed', label: 'Renewed' },
  { value: 'escalated', label: 'Escalated' },
];

/**
 * /employee/dashboard: the signed-in user's own tasks and certificates (spec 2), each with a
 * status filter that reloads its list, a page at a time, most urgent first; and "Upload
 * certificate" (issue 26) to send a renewed or a new certificate's document.
 */
export function MyDashboardScreen() {
  const tasksPage = useDashboardPage();
  const certificatesPage = useDashboardPage();
  const [taskStatus, setTaskStatus] = useState<EmployeeTaskFilter | undefined>();
  const [certificateStatus, setCertificateStatus] = useState<CertificateStatus | undefined>();
  const tasks = useTeamMyTasksQuery({ ...tasksPage.params, status: taskStatus });
  const certificates = useTeamMyCertificatesQuery({
    ...certificatesPage.params,
    status: certificateStatus,
  });

  return (
    <>
      <PageHeader title="My Dashboard" actions={<UploadCertificate />} />
      <DashboardTable
        title="My Tasks"
        actions={
          <StatusFilterSelect
            name="task_status"
            options={TASK_FILTERS}
            value={taskStatus}
            onChange={(status) => {
              setTaskStatus(status);
              tasksPage.setPage(1);
            }}
          />
        }
        query={tasks}
        page={tasksPage}
        what="tasks"
        empty={taskStatus ? 'No tasks with this status' : 'No tasks assigned to you'}
        failureLog="Error fetching tasks"
        columns={MY_TASK_COLUMNS}
        rowLink={(task) => taskPath(task.id)}
      />
      <DashboardTable
        title="My Certificates"
        actions={
          <StatusFilterSelect
            name="certificate_status"
            options={CERTIFICATE_FILTERS}
            value={certificateStatus}
            onChange={(status) => {
              setCertificateStatus(status);
              certificatesPage.setPage(1);
            }}
          />
        }
        query={certificates}
        page={certificatesPage}
        what="certificates"
        empty={
          certificateStatus ? 'No certificates with this status' : 'No certificates in your charge'
        }
        failureLog="Error fetching certificates"
        // One "now" for every row of a render.
        columns={myCertificateColumns(new Date())}
        rowLink={(certificate) => certificatePath(certificate.id)}
      />
    </>
  );
}
