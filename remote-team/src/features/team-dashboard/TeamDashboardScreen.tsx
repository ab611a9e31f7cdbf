import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import {
  personName,
  roleAtLeast,
  selectRole,
  type Certificate,
  type Task,
  type TeamMember,
} from '@duly/shared/core';
import { PageHeader, type Column, type ColumnEntry } from '@duly/shared/kit';
import {
  useTeamAssignCertificateMutation,
  useTeamAssignTaskMutation,
  useTeamCertificatesQuery,
  useTeamMembersQuery,
  useTeamTasksQuery,
} from './api';
import type { AssignDialogProps } from './components/AssignDialog';
import { TeamCompliance, TeamSummary } from './components/TeamSummary';
import {
  assignColumn,
  certificateColumns,
  certificatePath,
  holderName,
  taskColumns,
  taskPath,
  DashboardTable,
  useDashboardPage,
} from '../dashboards';

// Loaded when a manager first assigns: the dialog and the kit's dialog parts stay off the
// dashboard's start-up (issue 32).
const AssignDialog = lazy(async () => ({
  default: (await import('./components/AssignDialog')).AssignDialog,
}));

/**
 * Team Members (spec 2): Name and Email; a user without a name yet is still someone to assign.
 * Then each person's open and overdue tasks and certificates in their reminder window (issue
 * 33), so a manager sees who needs help.
 */
const MEMBER_COLUMNS: Column<TeamMember>[] = [
  { key: 'name', header: 'Name', cell: (member) => personName(member) || '—', wrap: true },
  { key: 'email', header: 'Email', cell: (member) => member.email, wrap: true },
  { key: 'open', header: 'Open Tasks', cell: (member) => member.open_tasks, numeric: true },
  { key: 'overdue', header: 'Overdue', cell: (member) => member.overdue_tasks, numeric: true },
  {
    key: 'expiring',
    header: 'Expiring',
    cell: (member) => member.expiring_certificates,
    numeric: true,
  },
];

/** Team Tasks (spec 2): Task, Assignee ('Unassigned' if none), Due Date, Status and Assign. */
function teamTaskColumns(onAssign?: (task: Task) => void): ColumnEntry<Task>[] {
  const { title, due, status } = taskColumns;
  const assignee = {
    key: 'assignee',
    header: 'Assignee',
    cell: (t: Task) => holderName(t.assigned_to),
  };
  return [title, assignee, due('Due Date'), status, assignColumn((t) => t.title, onAssign)];
}

/** Team Certificates (spec 2): Certificate, Employee (the person in charge), Expiry Date, Status (escalated orange here) and Assign. */
function teamCertificateColumns(onAssign?: (c: Certificate) => void): ColumnEntry<Certificate>[] {
  const { name, expiry, status } = certificateColumns;
  const holder = {
    key: 'employee',
    header: 'Employee',
    cell: (c: Certificate) => holderName(c.assigned_to),
  };
  return [name, holder, expiry, status, assignColumn((c) => c.name, onAssign)];
}

/** What Assign opens the dialog for: a task or a certificate (spec 2), and how to send it. */
type AssignTarget = Omit<AssignDialogProps, 'onClose'>;

/**
 * /tasks/dashboard: the manager's team dashboard (spec 2). Team Members, Team Tasks and Team
 * Certificates, each a page at a time and most urgent first; Assign opens a dialog.
 */
export function TeamDashboardScreen() {
  // Spec 6: the manager dashboard offers assignment (the API allows managers and admins).
  const assignable = roleAtLeast(useSelector(selectRole), 'manager');

  const membersPage = useDashboardPage();
  const tasksPage = useDashboardPage();
  const certificatesPage = useDashboardPage();

  const [assignTask] = useTeamAssignTaskMutation();
  const [assignCertificate] = useTeamAssignCertificateMutation();
  const [target, setTarget] = useState<AssignTarget | null>(null);
  // Assign is offered to those who may assign only: no column otherwise.
  const offer = <T,>(targetOf: (item: T) => AssignTarget) =>
    assignable ? (item: T) => setTarget(targetOf(item)) : undefined;

  return (
    <>
      <PageHeader title="Team Dashboard" />
      <TeamSummary withApprovals={assignable} />
      <TeamCompliance />
      <DashboardTable
        title="Team Members"
        query={useTeamMembersQuery(membersPage.params)}
        list={membersPage}
        what="team members"
        empty="No team members found"
        failureLog="Error fetching team data"
        columns={MEMBER_COLUMNS}
      />
      <DashboardTable
        title="Team Tasks"
        query={useTeamTasksQuery(tasksPage.params)}
        list={tasksPage}
        what="tasks"
        empty="No tasks found"
        failureLog="Error fetching tasks"
        columns={teamTaskColumns(
          offer((task) => ({
            title: 'Assign Task',
            subject: task.title,
            currentAssigneeId: task.assigned_to_user_id,
            failureLog: 'Error assigning task',
            assign: (employee_id) => assignTask({ task_id: task.id, employee_id }).unwrap(),
          })),
        )}
        rowLink={(task) => taskPath(task.id)}
      />
      <DashboardTable
        title="Team Certificates"
        query={useTeamCertificatesQuery(certificatesPage.params)}
        list={certificatesPage}
        what="certificates"
        empty="No certificates found"
        failureLog="Error fetching certificates"
        columns={teamCertificateColumns(
          offer((certificate) => ({
            title: 'Assign Certificate',
            subject: certificate.name,
            currentAssigneeId: certificate.incharge_person_id,
            failureLog: 'Error assigning certificate',
            assign: (employee_id) =>
              assignCertificate({ certificate_id: certificate.id, employee_id }).unwrap(),
          })),
        )}
        rowLink={(certificate) => certificatePath(certificate.id)}
      />

      {target ? (
        <Suspense fallback={null}>
          <AssignDialog {...target} onClose={() => setTarget(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
