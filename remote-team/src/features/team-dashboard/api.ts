/**
 * The manager team dashboard's endpoints (spec 7, /manager/*), injected into the app's one
 * `baseApi` (ARCHITECTURE 3; the tag rules are docs/shared-library.md's). Names start with
 * `team`, this remote's domain. An assignment invalidates the item, every list of its kind,
 * the assignee's employee page and the dashboards.
 */
import {
  baseApi,
  complianceTotalsQuery,
  countQuery,
  featureEndpoints,
  itemWriteTags,
  pageQuery,
  withParams,
  type AssignCertificatePayload,
  type AssignTaskPayload,
  type Certificate,
  type ComplianceTotals,
  type DashboardResponse,
  type ListParams,
  type Page,
  type Task,
  type TeamMember,
} from '@duly/shared/core';

/** A page of a team list: `limit` and `offset` (the order is the dashboard's own). */
type TeamPageParams = Pick<ListParams, 'limit' | 'offset'>;

/** POST `url`: gives the item of `type` (`payload[idKey]`) to `employee_id`. */
const assignMutation = <P extends { employee_id: string }>(
  type: 'Task' | 'Certificate',
  url: string,
  idKey: keyof P & string,
) => ({
  query: (data: P) => ({ url, method: 'POST' as const, data }),
  invalidatesTags: (_item: unknown, error: unknown, payload: P) =>
    error
      ? []
      : [
          ...itemWriteTags(type, String(payload[idKey])),
          { type: 'Employee' as const, id: payload.employee_id },
        ],
});

export const injectTeamEndpoints = featureEndpoints((build) => ({
  teamMembers: build.query<Page<TeamMember>, TeamPageParams>(
    pageQuery('Employee', '/manager/team'),
  ),
  // The most urgent tasks first, the soonest expiry first (expired certificates lead).
  teamTasks: build.query<Page<Task>, TeamPageParams>(
    pageQuery('Task', '/manager/tasks', withParams({ sort: 'urgency' })),
  ),
  teamCertificates: build.query<Page<Certificate>, TeamPageParams>(
    pageQuery('Certificate', '/manager/certificates', withParams({ sort: 'expiry_date' })),
  ),
  /** The summary line's counts: the organisation's (a manager's dashboard counts it all). */
  teamOverview: build.query<DashboardResponse, void>({
    query: () => ({ url: '/dashboard/' }),
    providesTags: ['Dashboard'],
  }),
  /** How many of the team's certificates are in their reminder window. */
  teamReminderWindow: build.query<number, void>(
    countQuery('/manager/certificates', { in_reminder_window: 'true' }, [
      'Dashboard',
      { type: 'Certificate', id: 'LIST' },
    ]),
  ),
  /** The team's compliance totals (issue 28). */
  teamCompliance: build.query<ComplianceTotals, string>(
    complianceTotalsQuery((teamOf: string) => ({ team_of: teamOf })),
  ),
  teamAssignTask: build.mutation<Task, AssignTaskPayload>(
    assignMutation('Task', '/manager/tasks/assign', 'task_id'),
  ),
  teamAssignCertificate: build.mutation<Certificate, AssignCertificatePayload>(
    assignMutation('Certificate', '/manager/certificates/assign', 'certificate_id'),
  ),
}));

export const teamApi = injectTeamEndpoints(baseApi);

export const {
  useTeamMembersQuery,
  useTeamTasksQuery,
  useTeamCertificatesQuery,
  useTeamOverviewQuery,
  useTeamReminderWindowQuery,
  useTeamComplianceQuery,
  useTeamAssignTaskMutation,
  useTeamAssignCertificateMutation,
} = teamApi;
