import { itemPath, resourcePaths } from './paths';

describe('itemPath and resourcePaths', () => {
  it("give an item's address with its id encoded", () => {
    expect(itemPath('/tasks')('a/b c')).toBe('/tasks/a%2Fb%20c');
  });

  it("give a resource's list, create, detail and edit pages", () => {
    const paths = resourcePaths('/certificates');
    expect(paths.list).toBe('/certificates');
    expect(paths.create).toBe('/certificates/create');
    expect(paths.detail('c 1')).toBe('/certificates/c%201');
    expect(paths.edit('c 1')).toBe('/certificates/c%201/edit');
  });
});
