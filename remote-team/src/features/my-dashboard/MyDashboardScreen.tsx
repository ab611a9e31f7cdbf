import { useState } from 'react';
import {
  PageHeader,
  PagedResults,
  type CertificateStatus,
  type EmployeeTaskFilter,
} from '@duly/shared';
import { useTeamMyCertificatesQuery, useTeamMyTasksQuery } from './api';
import { MyCertificatesTable } from './components/MyCertificatesTable';
import { MyTasksTable } from './components/MyTasksTable';
import { StatusFilterSelect } from './components/StatusFilterSelect';
import {
  DashboardSection,
  dashboardErrorText,
  useDashboardPage,
  useLogFailure,
} from '../dashboards';

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
 * status filter that reloads its list, a page at a time, most urgent first. Read-only.
 */
export function MyDashboardScreen() {
  const [taskStatus, setTaskStatus] = useState<EmployeeTaskFilter | undefined>();
  const [certificateStatus, setCertificateStatus] = useState<CertificateStatus | undefined>();
  const tasksPage = useDashboardPage();
  const certificatesPage = useDashboardPage();
  const tasks = useTeamMyTasksQuery({ ...tasksPage.params, status: taskStatus });
  const certificates = useTeamMyCertificatesQuery({
    ...certificatesPage.params,
    status: certificateStatus,
  });
  useLogFailure(tasks.error, 'Error fetching tasks');
  useLogFailure(certificates.error, 'Error fetching certificates');

  return (
    <>
      <PageHeader title="My Dashboard" />

      <DashboardSection
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
      >
        <PagedResults
          query={tasks}
          list={tasksPage}
          texts={{
            loading: 'Loading tasks...',
            error: dashboardErrorText(tasks.error, 'tasks'),
            empty: taskStatus ? 'No tasks with this status' : 'No tasks assigned to you',
          }}
        >
          {(items) => <MyTasksTable tasks={items} />}
        </PagedResults>
      </DashboardSection>

      <DashboardSection
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
      >
        <PagedResults
          query={certificates}
          list={certificatesPage}
          texts={{
            loading: 'Loading certificates...',
            error: dashboardErrorText(certificates.error, 'certificates'),
            empty: certificateStatus
              ? 'No certificates with this status'
              : 'No certificates in your charge',
          }}
        >
          {(items) => <MyCertificatesTable certificates={items} />}
        </PagedResults>
      </DashboardSection>
    </>
  );
}
