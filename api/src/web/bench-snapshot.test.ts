import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { injectSnapshot, readSnapshot, snapshotFile, SNAPSHOT_ATTRIBUTE } from './bench-snapshot';

describe('the bench snapshot of a screen (rows in the HTML, measured)', () => {
  it('names a file per app path', () => {
    expect(snapshotFile('/tasks')).toBe('tasks.json');
    expect(snapshotFile('/tasks/dashboard/')).toBe('tasks-dashboard.json');
    expect(snapshotFile('/')).toBe('index.json');
    expect(snapshotFile('/../../etc/passwd')).toBe('etc-passwd.json');
  });

  it('writes the markup into the empty #root, marked, and the CSS into the head', () => {
    const html =
      '<!doctype html><html><head><title>Duly</title></head><body><div id=root></div></body></html>';
    const page = injectSnapshot(html, {
      css: '.a{color:red}</style><script>',
      root: '<table><tbody><tr><td>Task 1</td></tr></tbody></table>',
    });
    expect(page).toContain(
      `<div id="root" ${SNAPSHOT_ATTRIBUTE}><table><tbody><tr><td>Task 1</td></tr></tbody></table></div>`,
    );
    // The CSS cannot close its element.
    expect(page).toContain('<style>.a{color:red}<\\/style><script></style></head>');
  });

  it('reads the snapshot of a path, or none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'duly-snapshot-'));
    writeFileSync(path.join(dir, 'tasks.json'), JSON.stringify({ css: '', root: '<p>x</p>' }));
    expect(await readSnapshot(dir, '/tasks')).toEqual({ css: '', root: '<p>x</p>' });
    expect(await readSnapshot(dir, '/certificates')).toBeNull();
  });
});
