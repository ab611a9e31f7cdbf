import { PAGE_SIZE_MAX } from '../../contract/constants';
import {
  allItemsQuery,
  complianceTotalsQuery,
  createMutation,
  itemQuery,
  itemUrl,
  pageQuery,
  updateMutation,
} from '../endpoints';

const meta = (total: string) => ({ status: 200, headers: { 'x-total-count': total } });

describe('endpoint definitions', () => {
  it('pageQuery sends the arguments as query, reads X-Total-Count and tags the list and items', () => {
    const list = pageQuery<{ id: string }, { limit: number }>('Task', '/tasks/');
    expect(list.query({ limit: 5 })).toEqual({ url: '/tasks/', params: { limit: 5 } });
    const page = list.transformResponse([{ id: 'a' }], meta('12'));
    expect(page).toEqual({ items: [{ id: 'a' }], total: 12 });
    expect(list.providesTags(page)).toEqual([
      { type: 'Task', id: 'LIST' },
      { type: 'Task', id: 'a' },
    ]);
  });

  it('pageQuery maps its argument to the query when told how', () => {
    const list = pageQuery<{ id: string }, string>('Task', '/tasks/', (user) => ({ user }));
    expect(list.query('u 1')).toEqual({ url: '/tasks/', params: { user: 'u 1' } });
  });

  it('allItemsQuery asks for the largest page and tags the list and every item', () => {
    const all = allItemsQuery('Employee', '/employees/');
    expect(all.query()).toEqual({ url: '/employees/', params: { limit: PAGE_SIZE_MAX } });
    expect(all.providesTags([{ id: 'p1' }])).toEqual([
      { type: 'Employee', id: 'LIST' },
      { type: 'Employee', id: 'p1' },
    ]);
    expect(all.providesTags(undefined)).toEqual([{ type: 'Employee', id: 'LIST' }]);
  });

  it("complianceTotalsQuery asks for one person's row and reads the matrix's totals", () => {
    const team = complianceTotalsQuery((teamOf: string) => ({ team_of: teamOf }));
    expect(team.query('m1')).toEqual({ url: '/compliance', params: { team_of: 'm1', limit: 1 } });
    expect(complianceTotalsQuery().query()).toEqual({ url: '/compliance', params: { limit: 1 } });
    const matrix = { totals: { organization_percent: 87, gaps: 3 } } as Parameters<
      typeof team.transformResponse
    >[0];
    expect(team.transformResponse(matrix)).toEqual({ percent: 87, gaps: 3 });
    expect(team.providesTags).toContainEqual({ type: 'Certificate', id: 'LIST' });
  });

  it('itemQuery encodes the id and tags the item', () => {
    const get = itemQuery('Certificate', '/certificates/', '/');
    expect(get.query('a/b')).toEqual({ url: '/certificates/a%2Fb/' });
    expect(get.providesTags(undefined, undefined, 'x')).toEqual([{ type: 'Certificate', id: 'x' }]);
  });

  it('createMutation posts and invalidates the lists and the dashboard', () => {
    const create = createMutation<{ title: string }>('Task', '/tasks/');
    expect(create.query({ title: 'T' })).toEqual({
      url: '/tasks/',
      method: 'POST',
      data: { title: 'T' },
    });
    expect(create.invalidatesTags).toEqual([{ type: 'Task', id: 'LIST' }, 'Dashboard']);
  });

  it('updateMutation puts the changes and invalidates the item, the lists and the dashboard', () => {
    const update = updateMutation<{ title: string }>('Employee', '/employees/');
    const args = { id: 'e 1', changes: { title: 'T' } };
    expect(update.query(args)).toEqual({
      url: itemUrl('/employees/', 'e 1'),
      method: 'PUT',
      data: { title: 'T' },
    });
    expect(itemUrl('/employees/', 'e 1')).toBe('/employees/e%201');
    expect(update.invalidatesTags(undefined, undefined, args)).toEqual([
      { type: 'Employee', id: 'e 1' },
      { type: 'Employee', id: 'LIST' },
      'Dashboard',
    ]);
  });
});
