/**
 * MSW answers per resource for the shell's tests. Each test file starts the
 * server with the defaults it needs and overrides per test with `server.use`.
 */
import { http, HttpResponse } from 'msw';
import { TEST_USER_CLAIMS, apiUrl } from '@duly/shared/test-utils';
import type { ComplianceMatrix, DashboardResponse, Organization } from '@duly/shared';

export const TEST_ORGANIZATION: Organization = {
  id: TEST_USER_CLAIMS.organization_id,
  name: 'Acme Industries',
  created_at: '2025-01-05T04:30:00.000Z',
};

export const TEST_DASHBOARD: DashboardResponse = {
  tasks: { total_tasks: 12, overdue_tasks: 3 },
  certificates: { total_certificates: 7, expired_certificates: 2 },
  employee_count: 5,
};

export const organizationHandlers = {
  ok: (organization: Organization = TEST_ORGANIZATION) =>
    http.get(apiUrl('/organizations/:id'), ({ params }) =>
      params.id === organization.id
        ? HttpResponse.json(organization)
        : HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  failing: () =>
    http.get(apiUrl('/organizations/:id'), () =>
      HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }),
    ),
};

export const dashboardHandlers = {
  ok: (dashboard: DashboardResponse = TEST_DASHBOARD) =>
    http.get(apiUrl('/dashboard/'), () => HttpResponse.json(dashboard)),
  failing: () =>
    http.get(apiUrl('/dashboard/'), () =>
      HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }),
    ),
};

/** GET /compliance (issue 28): no rows, the organisation's totals (87%, 3 gaps by default). */
export const complianceHandlers = {
  ok: (
    totals: { organization_percent: number; gaps: number } = { organization_percent: 87, gaps: 3 },
  ) =>
    http.get(apiUrl('/compliance'), () =>
      HttpResponse.json({
        types: [],
        rows: [],
        totals: { by_type: [], ...totals },
      } satisfies ComplianceMatrix),
    ),
};
