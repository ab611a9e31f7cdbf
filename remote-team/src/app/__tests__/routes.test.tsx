import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routePaths } from '../routes';

describe('the routes remote_team renders', () => {
  it('are exactly the paths remotes.json gives it', () => {
    const registry = JSON.parse(
      readFileSync(path.join(__dirname, '../../../../remotes.json'), 'utf8'),
    ) as { remotes: { name: string; routes: string[] }[] };
    const team = registry.remotes.find((remote) => remote.name === 'remote_team');
    expect([...routePaths].sort()).toEqual([...(team?.routes ?? [])].sort());
  });
});
