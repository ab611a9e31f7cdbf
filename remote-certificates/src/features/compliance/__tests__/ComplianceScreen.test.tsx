import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, priya, rahul, setupApiServer } from '@duly/shared/test-utils';
import type { ComplianceMatrix } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

const HEIGHT = '11111111-1111-4111-8111-111111111111';
const FIRST_AID = '22222222-2222-4222-8222-222222222222';
const CERTIFICATE = '33333333-3333-4333-8333-333333333333';

const MATRIX: ComplianceMatrix = {
  types: [
    { id: FIRST_AID, name: 'First aid' },
    { id: HEIGHT, name: 'Working at height' },
  ],
  rows: [
    {
      employee: {
        id: priya.id,
        full_name: 'Priya Sharma',
        department: 'Operations',
        role: 'employee',
      },
      cells: [
        { type_id: FIRST_AID, state: 'not_required', certificate_id: null, expiry_date: null },
        { type_id: HEIGHT, state: 'valid', certificate_id: CERTIFICATE, expiry_date: '2027-01-15' },
      ],
      compliant_percent: 100,
      gaps: 0,
    },
    {
      employee: {
        id: rahul.id,
        full_name: 'Rahul Verma',
        department: 'Operations',
        role: 'manager',
      },
      cells: [
        { type_id: FIRST_AID, state: 'expired', certificate_id: null, expiry_date: '2026-01-01' },
        { type_id: HEIGHT, state: 'missing', certificate_id: null, expiry_date: null },
      ],
      compliant_percent: 0,
      gaps: 2,
    },
  ],
  totals: {
    by_type: [
      { type_id: FIRST_AID, required: 1, compliant: 0, compliant_percent: 0 },
      { type_id: HEIGHT, required: 2, compliant: 1, compliant_percent: 50 },
    ],
    organization_percent: 33,
    gaps: 2,
  },
};

function setUp(route = '/compliance', token = makeToken()) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/compliance'), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(MATRIX, { headers: { 'X-Total-Count': '2' } });
    }),
  );
  return { asked, ...renderCertificates(route, token) };
}

describe('the compliance matrix', () => {
  it('shows each cell as a word and symbol with its date, and totals per person, type and organisation', async () => {
    setUp();
    const grid = await screen.findByRole('grid', { name: 'Compliance matrix' });
    const [header, priyaRow, rahulRow, totals] = within(grid).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Person', 'First aid', 'Working at height', 'Compliant']);
    expect(priyaRow).toHaveTextContent('Priya Sharma');
    expect(priyaRow).toHaveTextContent('Not required');
    expect(priyaRow).toHaveTextContent('ValidJan 15, 2027');
    expect(priyaRow).toHaveTextContent('100%0 gaps');
    expect(rahulRow).toHaveTextContent('ExpiredJan 1, 2026');
    expect(rahulRow).toHaveTextContent('Missing');
    expect(rahulRow).toHaveTextContent('0%2 gaps');
    expect(totals).toHaveTextContent('0%0 of 1');
    expect(totals).toHaveTextContent('50%1 of 2');
    expect(totals).toHaveTextContent('33%2 gaps');
  });

  it('a cell opens the certificate; a missing one the add-certificate form for that person and type', async () => {
    setUp();
    await screen.findByRole('grid');
    expect(
      screen.getByRole('link', { name: /Priya Sharma, Working at height: Valid/ }),
    ).toHaveAttribute('href', `/certificates/${CERTIFICATE}`);
    expect(
      screen.getByRole('link', { name: /Rahul Verma, Working at height: Missing/ }),
    ).toHaveAttribute('href', `/certificates/create?person=${rahul.id}&type=${HEIGHT}`);
  });

  it('moves between cells with the arrow keys, one tab stop for the grid', async () => {
    const { user } = setUp();
    await screen.findByRole('grid');
    const first = screen.getByLabelText(/Priya Sharma, First aid/);
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByLabelText(/Priya Sharma, Working at height/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByLabelText(/Rahul Verma, Working at height/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByLabelText(/Rahul Verma, First aid/)).toHaveFocus();
    expect(first).toHaveAttribute('tabindex', '-1');
  });

  it('"Only gaps" and the department filter ask the API again; an admin sees the whole organisation', async () => {
    const { asked, user } = setUp();
    await screen.findByRole('grid');
    expect(asked[0].get('team_of')).toBeNull();
    await user.click(screen.getByLabelText('Only gaps'));
    await waitFor(() => expect(asked.at(-1)?.get('gaps_only')).toBe('true'));
    await user.selectOptions(screen.getByLabelText('Department'), 'Sales');
    await waitFor(() => expect(asked.at(-1)?.get('department')).toBe('Sales'));
    expect(asked.at(-1)?.get('gaps_only')).toBe('true');
  });

  it("offers the people's own departments too, such as one an import stored (Operations)", async () => {
    const { asked, user } = setUp();
    await screen.findByRole('grid');
    await user.selectOptions(screen.getByLabelText('Department'), 'Operations');
    await waitFor(() => expect(asked.at(-1)?.get('department')).toBe('Operations'));
    expect(screen.getByLabelText('Department')).toHaveValue('Operations');
  });

  it('a manager sees their team by default, and everyone on request', async () => {
    const manager = makeToken({ role: 'manager', sub: rahul.id });
    const { asked, user } = setUp('/compliance', manager);
    await screen.findByRole('grid');
    expect(asked[0].get('team_of')).toBe(rahul.id);
    expect(screen.queryByRole('link', { name: 'Certificate types' })).toBeNull();
    await user.click(screen.getByLabelText('My team only'));
    await waitFor(() => expect(asked.at(-1)?.get('team_of')).toBeNull());
  });

  it('says when the matrix cannot be loaded', async () => {
    server.use(http.get(apiUrl('/compliance'), () => HttpResponse.json({}, { status: 500 })));
    renderCertificates('/compliance');
    expect(
      await screen.findByText('Error loading compliance. Please try again later.'),
    ).toBeInTheDocument();
  });
});
