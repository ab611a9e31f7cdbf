/**
 * The manager team dashboard's endpoints (spec 7, /manager/*), injected into the app's one
 * `baseApi` (ARCHITECTURE 3). Names start with `team`, this remote's domain;
 * `overrideExisting: 'throw'` turns a name collision with another remote into an error at
 * start-up.
 *
 * Tags: one type per resource, shared with every remote. The team lists provide `Task`,
 * `Certificate` and `Employee` tags, so a task saved in remote-tasks or a user added in
 * remote-employees refreshes these tables; an assignment here invalidates the item and every
 * list of its kind (the task and certificate lists, an employee's own lists), the assignee's
 * employee page and the main dashboard.
 */
import {
  baseApi,
  complianceTotalsQuery,
  pageQuery,
  type AssignCertificatePayload,
  type AssignTaskPayload,
  toPage,
  type ApiMeta,
  type Certificate,
  type ComplianceTotals,
  type DashboardResponse,
  type ListParams,
  type Page,
  type Task,
  type TeamMember,
} from '@duly/shared';

/** Most urgent first (the API's `urgency`): open tasks by due date, then completed ones. */
export const TEAM_TASK_SORT = 'urgency';
/** Soonest expiry first: expired certificates lead, then those about to expire. */
export const TEAM_CERTIFICATE_SORT = 'expiry_date';

/** A page of a team list: `limit` and `offset` (the order is the dashboard's own). */
export type TeamPageParams = Pick<ListParams, 'limit' | 'offset'>;

export function injectTeamEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      teamMembers: build.query<Page<TeamMember>, TeamPageParams>(
        pageQuery('Employee', '/manager/team'),
      ),
      teamTasks: build.query<Page<Task>, TeamPageParams>(
        pageQuery('Task', '/manager/tasks', (params) => ({ ...params, sort: TEAM_TASK_SORT })),
      ),
      teamCertificates: build.query<Page<Certificate>, TeamPageParams>(
        pageQuery('Certificate', '/manager/certificates', (params) => ({
          ...params,
          sort: TEAM_CERTIFICATE_SORT,
        })),
      ),

      /** The summary line's counts: the organisation's (a manager's dashboard counts it all). */
      teamOverview: build.query<DashboardResponse, void>({
        query: () => ({ url: '/dashboard/' }),
        providesTags: ['Dashboard'],
      }),
      /** How many of the team's certificates are in their reminder window (one row asked). */
      teamReminderWindow: build.query<number, void>({
        query: () => ({
          url: '/manager/certificates',
          params: { in_reminder_window: 'true', limit: 1 },
        }),
        transformResponse: (items: Certificate[], meta: ApiMeta | undefined) =>
          toPage(items, meta).total,
        providesTags: ['Dashboard', { type: 'Certificate', id: 'LIST' }],
      }),

      /**
       * The team's compliance (issue 28): the matrix's totals for the manager's team (one
       * person asked). Refetched when a certificate or a type changes.
       */
      teamCompliance: build.query<ComplianceTotals, string>(
        complianceTotalsQuery((teamOf: string) => ({ team_of: teamOf })),
      ),

      teamAssignTask: build.mutation<Task, AssignTaskPayload>({
        query: (payload) => ({ url: '/manager/tasks/assign', method: 'POST', data: payload }),
        invalidatesTags: (_task, error, { task_id, employee_id }) =>
          error
            ? []
            : [
                { type: 'Task', id: task_id },
                { type: 'Task', id: 'LIST' },
                { type: 'Employee', id: employee_id },
                'Dashboard',
              ],
      }),

      teamAssignCertificate: build.mutation<Certificate, AssignCertificatePayload>({
        query: (payload) => ({
          url: '/manager/certificates/assign',
          method: 'POST',
          data: payload,
        }),
        invalidatesTags: (_certificate, error, { certificate_id, employee_id }) =>
          error
            ? []
            : [
                { type: 'Certificate', id: certificate_id },
                { type: 'Certificate', id: 'LIST' },
                { type: 'Employee', id: employee_id },
                'Dashboard',
              ],
      }),
    }),
  });
}

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
