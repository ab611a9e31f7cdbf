/**
 * The manager team dashboard's endpoints (spec 7, /manager/*), injected into the app's one
 * `baseApi` (ARCHITECTURE 3; the tag rules are docs/shared-library.md's). Names start with
 * `team`, this remote's domain. An assignment invalidates the item, every list of its kind,
 * the assignee's employee page and the dashboards.
 */
import {
  baseApi,
  complianceTotalsQuery,
  featureEndpoints,
  itemWriteTags,
  pageQuery,
  withParams,
  type AssignCertificatePayload,
  type AssignTaskPayload,
  type Certificate,
  type ComplianceTotals,
  type ListParams,
  type Page,
  type Task,
  type TeamMember,
} from '@duly/shared/core';

/** GET /manager/summary's answer: the team dashboard's summary line. */
export interface TeamSummaryCounts {
  overdue_tasks: number;
  certificates_in_reminder_window: number;
  pending_documents: number;
}

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
  /**
   * The summary line's counts in one answer (issue 32: one request of the page's first wave
   * instead of three): the organisation's overdue tasks, its certificates in their reminder
   * window and the documents waiting for a decision. Refreshed by what changed any of them: the
   * dashboard's counts, a certificate or a document (a decision anywhere).
   */
  teamSummary: build.query<TeamSummaryCounts, void>({
    query: () => ({ url: '/manager/summary' }),
    providesTags: [
      'Dashboard',
      { type: 'Certificate', id: 'LIST' },
      { type: 'Document', id: 'LIST' },
    ],
  }),
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
  useTeamSummaryQuery,
  useTeamComplianceQuery,
  useTeamAssignTaskMutation,
  useTeamAssignCertificateMutation,
} = teamApi;
