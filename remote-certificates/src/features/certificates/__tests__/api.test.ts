import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { baseApi, createAppStore, type DashboardResponse } from '@duly/shared';
import {
  apiUrl,
  makeCertificate,
  makeDashboard,
  mockApi,
  priya,
  setupApiServer,
} from '@duly/shared/test-utils';
import { certificatesApi, injectCertificateEndpoints } from '../api';
import { certificateDocumentsApi } from '../documentsApi';

const server = setupApiServer();

/**
 * Stand-ins for what the shell and remote-team inject into the same api: a dashboard query and
 * the team's and an employee's certificate lists. They only provide their resource's tags.
 */
const otherApps = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    probeCertificateDashboard: build.query<DashboardResponse, void>({
      query: () => ({ url: '/dashboard/' }),
      providesTags: ['Dashboard'],
    }),
    probeTeamCertificates: build.query<unknown[], void>({
      query: () => ({ url: '/manager/certificates' }),
      providesTags: [{ type: 'Certificate', id: 'LIST' }],
    }),
    probeMyCertificates: build.query<unknown[], void>({
      query: () => ({ url: '/employee/certificates' }),
      providesTags: [{ type: 'Certificate', id: 'LIST' }],
    }),
  }),
});

function setUp() {
  const first = makeCertificate({ name: 'Fire Safety', expiry_date: '2026-01-01' });
  const second = makeCertificate({ name: 'ISO 9001', expiry_date: '2027-01-01' });
  const api = mockApi({ certificates: [first, second], employees: [priya] });
  const calls = { dashboard: 0, team: 0, mine: 0 };
  server.use(
    ...api.handlers('certificates', 'employees'),
    http.get(apiUrl('/dashboard/'), () => {
      calls.dashboard += 1;
      return HttpResponse.json(makeDashboard());
    }),
    http.get(apiUrl('/manager/certificates'), () => {
      calls.team += 1;
      return HttpResponse.json([]);
    }),
    http.get(apiUrl('/employee/certificates'), () => {
      calls.mine += 1;
      return HttpResponse.json([]);
    }),
  );
  return { store: createAppStore(), api, calls, first, second };
}

async function subscribeEverything({ store, first, second }: ReturnType<typeof setUp>) {
  await Promise.all([
    store.dispatch(certificatesApi.endpoints.certificatesList.initiate({ limit: 50, offset: 0 })),
    store.dispatch(certificatesApi.endpoints.certificatesGet.initiate(first.id)),
    store.dispatch(certificatesApi.endpoints.certificatesGet.initiate(second.id)),
    store.dispatch(otherApps.endpoints.probeCertificateDashboard.initiate()),
    store.dispatch(otherApps.endpoints.probeTeamCertificates.initiate()),
    store.dispatch(otherApps.endpoints.probeMyCertificates.initiate()),
  ]);
}

describe('endpoint names', () => {
  it('throw when the certificate endpoints are injected a second time', () => {
    expect(() => injectCertificateEndpoints(baseApi)).toThrow(/certificatesList/);
  });

  it("all start with 'certificates', leaving the employees… prefix to remote-employees", () => {
    // The documents' endpoints are injected by their own module (the detail screen's).
    expect(certificateDocumentsApi).toBe(certificatesApi);
    const ours = Object.keys(certificatesApi.endpoints).filter((name) =>
      name.startsWith('certificates'),
    );
    expect(ours.sort()).toEqual([
      'certificatesCreate',
      'certificatesDocumentApprove',
      'certificatesDocumentDelete',
      'certificatesDocumentReject',
      'certificatesDocuments',
      'certificatesGet',
      'certificatesList',
      'certificatesPeople',
      'certificatesTypeCreate',
      'certificatesTypeDelete',
      'certificatesTypeLink',
      'certificatesTypeUpdate',
      'certificatesTypes',
      'certificatesUpdate',
    ]);
  });
});

describe('certificatesList', () => {
  it('sends the page and the filters, and reads the total from X-Total-Count', async () => {
    const { store, api } = setUp();
    const { data } = await store.dispatch(
      certificatesApi.endpoints.certificatesList.initiate({
        limit: 1,
        offset: 1,
        status: 'active',
        q: 'i',
      }),
    );
    expect(Object.fromEntries(api.sent('GET', '/certificates/')[0].query)).toEqual({
      limit: '1',
      offset: '1',
      status: 'active',
      q: 'i',
    });
    expect(data?.total).toBe(2);
    expect(data?.items.map((item) => item.name)).toEqual(['ISO 9001']);
  });
});

describe('certificatesUpdate', () => {
  it("fails with 'Certificate ID is required' without an id, sending nothing", async () => {
    const { store, api } = setUp();
    const result = await store.dispatch(
      certificatesApi.endpoints.certificatesUpdate.initiate({ id: '', changes: { name: 'X' } }),
    );
    expect(result.error).toEqual({ status: 400, message: 'Certificate ID is required' });
    expect(api.sent('PUT', '/certificates//')).toHaveLength(0);
  });
});

describe('saving a certificate refreshes every screen that shows it', () => {
  it('an update sends PUT and refetches the certificate, every certificate list and the dashboard', async () => {
    const setup = setUp();
    const { store, api, calls, first, second } = setup;
    await subscribeEverything(setup);

    await store
      .dispatch(
        certificatesApi.endpoints.certificatesUpdate.initiate({
          id: first.id,
          changes: { name: 'Renamed' },
        }),
      )
      .unwrap();

    expect(api.sent('PUT', `/certificates/${first.id}/`).map((r) => r.body)).toEqual([
      { name: 'Renamed' },
    ]);
    await waitFor(() => expect(calls.dashboard).toBe(2));
    await waitFor(() => expect(calls.team).toBe(2));
    await waitFor(() => expect(calls.mine).toBe(2));
    await waitFor(() => expect(api.sent('GET', '/certificates/')).toHaveLength(2));
    await waitFor(() => expect(api.sent('GET', `/certificates/${first.id}/`)).toHaveLength(2));
    expect(api.sent('GET', `/certificates/${second.id}/`)).toHaveLength(1);
  });

  it('a create refetches the lists and the dashboard, not the certificates already open', async () => {
    const setup = setUp();
    const { store, api, calls, first } = setup;
    await subscribeEverything(setup);

    await store
      .dispatch(
        certificatesApi.endpoints.certificatesCreate.initiate({
          name: 'New one',
          expiry_date: '2099-01-01',
          reminder_days_before: 30,
          incharge_person_id: priya.id,
        }),
      )
      .unwrap();

    await waitFor(() => expect(calls.dashboard).toBe(2));
    await waitFor(() => expect(calls.team).toBe(2));
    await waitFor(() => expect(calls.mine).toBe(2));
    await waitFor(() => expect(api.sent('GET', '/certificates/')).toHaveLength(2));
    expect(api.sent('GET', `/certificates/${first.id}/`)).toHaveLength(1);
  });
});

describe('certificatesPeople', () => {
  it('asks GET /employees/ for the largest page the API allows', async () => {
    const { store, api } = setUp();
    const { data } = await store.dispatch(certificatesApi.endpoints.certificatesPeople.initiate());
    expect(data).toEqual([priya]);
    expect(api.sent('GET', '/employees/')[0].query.get('limit')).toBe('200');
  });
});
