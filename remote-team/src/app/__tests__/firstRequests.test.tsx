/**
 * The dashboards' first requests (remotes.json `firstRequests`, issue 32) as the served page
 * sends them and the shell seeds them (`seedPrefetched`): each lands under the key the screen's
 * own hook uses, so the screen renders its data on its first render and asks nothing of it
 * again. Read from remotes.json itself: a declared URL or argument that drifts from the
 * screen's endpoint fails here.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  createAppStore,
  seedPrefetched,
  sessionRestored,
  baseApi,
  TOKEN_STORAGE_KEY,
} from '@duly/shared/core';
import {
  apiUrl,
  makeManagerCertificateItem,
  makeManagerTaskItem,
  makeMyCertificateItem,
  makeMyTaskItem,
  makeTeamMember,
  makeToken,
  renderWithProviders,
  setupApiServer,
} from '@duly/shared/test-utils';
import registry from '../../../../remotes.json';
import TeamRoutes from '../routes';

const server = setupApiServer();

interface Declared {
  request: string;
  endpoint: string;
  args?: unknown[];
  roles?: string[];
}

const team = registry.remotes.find((remote) => remote.name === 'remote_team') as unknown as {
  firstRequests?: Record<string, Declared | Declared[]>;
};
const declaredFor = (page: string): Declared[] =>
  ([] as Declared[]).concat(team.firstRequests?.[page] ?? []);

/** A document waiting in the managers' queue (/team/documents). */
const queuedDocument = {
  id: 'doc-1',
  certificate_id: 'cert-1',
  certificate_name: 'Forklift Licence',
  filename: 'scan.pdf',
  content_type: 'application/pdf',
  size: 1200,
  status: 'pending',
  rejection_reason: null,
  uploaded_by: { id: 'u1', full_name: 'Priya Sharma' },
  created_at: '2025-01-04T19:00:00.000Z',
  valid_until: '2025-03-09',
  proposed_issue_date: null,
  proposed_expiry_date: null,
};

/** What the API answers to each declared request, by path. */
function answerTo(url: URL): { data: unknown; total?: number } {
  const path = url.pathname.replace(/^\/api\/v1/, '');
  if (path === '/manager/team')
    return { data: [makeTeamMember({ email: 'meera@example.com' })], total: 1 };
  if (path === '/manager/tasks')
    return { data: [makeManagerTaskItem({ title: 'Audit access badges' })], total: 1 };
  if (path === '/manager/certificates')
    return { data: [makeManagerCertificateItem({ name: 'Trade License' })], total: 1 };
  if (path === '/manager/summary')
    return {
      data: { overdue_tasks: 3, certificates_in_reminder_window: 4, pending_documents: 2 },
    };
  if (path === '/documents/' && url.searchParams.get('limit') === '25')
    return { data: [queuedDocument], total: 1 };
  if (path === '/employee/tasks')
    return { data: [makeMyTaskItem({ title: 'Submit the travel claim' })], total: 1 };
  if (path === '/employee/certificates')
    return { data: [makeMyCertificateItem({ name: 'First Aid Certificate' })], total: 1 };
  throw new Error(`no answer for ${url.href}`);
}

/**
 * The page as the server serves `page` and its boot script leaves it for `role`: the declared
 * requests that role sends, each with its answer already in (`window.dulyPrefetch`).
 */
function servePage(page: string, token: string, role: string) {
  window.dulyPrefetch = declaredFor(page)
    .filter((declared) => !declared.roles || declared.roles.includes(role))
    .map((declared) => {
      const url = apiUrl(declared.request);
      const { data, total } = answerTo(new URL(url));
      const headers: Record<string, string> =
        total === undefined ? {} : { 'x-total-count': String(total) };
      return { ...declared, url, token, response: Promise.resolve({ status: 200, headers, data }) };
    });
}

/** Every API request the screen sends (answered from `answerTo`, or an empty list). */
function recordRequests(): URL[] {
  const requests: URL[] = [];
  server.use(
    http.get(apiUrl('/*'), ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      try {
        const { data, total } = answerTo(url);
        return HttpResponse.json(data as object, {
          headers: total === undefined ? {} : { 'X-Total-Count': String(total) },
        });
      } catch {
        return HttpResponse.json({ totals: { organization_percent: 90, gaps: 1 }, rows: [] });
      }
    }),
  );
  return requests;
}

/** Seeds the page's prefetched answers as the shell does before its first render. */
async function seededStore(page: string, role: string) {
  const token = makeToken({ role });
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const store = createAppStore();
  store.dispatch(sessionRestored());
  servePage(page, token, role);
  const seeded = await seedPrefetched(store.dispatch, baseApi, token);
  return { store, seeded };
}

afterEach(() => {
  delete window.dulyPrefetch;
});

describe("the dashboards' first requests (remotes.json, issue 32)", () => {
  it('/tasks/dashboard renders its three tables and its summary on the first render, asking none of them again', async () => {
    const requests = recordRequests();
    const { store, seeded } = await seededStore('/tasks/dashboard', 'manager');
    expect(seeded).toBe(true);
    expect(window.dulyPrefetch).toBeUndefined();

    renderWithProviders(<TeamRoutes />, { route: '/tasks/dashboard', store });
    // No waiting: the first render has the data.
    const members = screen.getByRole('table', { name: 'Team Members' });
    expect(within(members).getByRole('cell', { name: 'meera@example.com' })).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Team Tasks' })).getByRole('cell', {
        name: 'Audit access badges',
      }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Team Certificates' })).getByRole('cell', {
        name: 'Trade License',
      }),
    ).toBeVisible();
    expect(screen.getByTestId('team-summary')).toHaveTextContent(
      'Your team: 3 overdue tasks · 4 certificates expiring · 2 documents to approve',
    );
    // Only the compliance line, whose argument is the person's id, is asked by the screen.
    await screen.findByTestId('team-compliance');
    expect(requests.map((url) => url.pathname)).toEqual(['/api/v1/compliance']);
  });

  it('/employee/dashboard renders My Tasks and My Certificates on the first render, asking neither again', async () => {
    const requests = recordRequests();
    const { store, seeded } = await seededStore('/employee/dashboard', 'employee');
    expect(seeded).toBe(true);

    renderWithProviders(<TeamRoutes />, { route: '/employee/dashboard', store });
    expect(
      within(screen.getByRole('table', { name: 'My Tasks' })).getByRole('cell', {
        name: 'Submit the travel claim',
      }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'My Certificates' })).getByRole('cell', {
        name: 'First Aid Certificate',
      }),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it("/team/documents renders the managers' queue on the first render, asking nothing again", async () => {
    const requests = recordRequests();
    const { store, seeded } = await seededStore('/team/documents', 'manager');
    expect(seeded).toBe(true);

    renderWithProviders(<TeamRoutes />, { route: '/team/documents', store });
    expect(screen.getByRole('cell', { name: 'Forklift Licence' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it("declares /tasks/dashboard's and /team/documents' requests for managers and admins only (the API refuses employees /manager/* and the queue)", () => {
    const declared = [...declaredFor('/tasks/dashboard'), ...declaredFor('/team/documents')];
    expect(declared.length).toBeGreaterThan(0);
    for (const request of declared) expect(request.roles?.sort()).toEqual(['admin', 'manager']);
  });
});
