/**
 * Benchmark only (issue 32): "rows in the server's HTML", measured before it is built. The bench
 * (`BENCH_SSR_PROBE=1 npm run bench:web`) renders a screen once in a browser, keeps its `#root`
 * and its CSS, and starts a server with DULY_BENCH_SNAPSHOT_DIR: that server writes the snapshot
 * into the path's page, so the browser paints the screen, rows included, from the HTML, as a
 * server-side render would, while the app starts as usual and replaces it at its first render
 * (shell/src/app/prerender/mountShell.tsx keeps it until then). An upper bound of what the
 * server's render would give: it costs the server nothing. Never set outside the bench: the
 * snapshot is one seeded visitor's data.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The attribute on `#root` that tells the shell the HTML holds a snapshot (mountShell.tsx). */
export const SNAPSHOT_ATTRIBUTE = 'data-duly-snapshot';

export interface PageSnapshot {
  /** The CSS of the screen as rendered (every rule of the page's style sheets). */
  css: string;
  /** `#root`'s inner HTML. */
  root: string;
}

/** The snapshot file of an app path: `/tasks/dashboard` → `tasks-dashboard.json`. */
export function snapshotFile(urlPath: string): string {
  // Letters and digits only: no path of the URL can name a file outside the folder.
  return `${urlPath.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '') || 'index'}.json`;
}

export async function readSnapshot(dir: string, urlPath: string): Promise<PageSnapshot | null> {
  try {
    return JSON.parse(
      await readFile(path.join(dir, snapshotFile(urlPath)), 'utf8'),
    ) as PageSnapshot;
  } catch {
    return null;
  }
}

/** The empty `#root` of the shell's index.html, minified or not. */
const EMPTY_ROOT = /<div id=["']?root["']?\s*><\/div>/i;

/** `html` with the snapshot's CSS at the end of its head and its markup in `#root`. */
export function injectSnapshot(html: string, snapshot: PageSnapshot): string {
  const css = snapshot.css.replace(/<\//g, '<\\/');
  return html
    .replace(/<\/head>/i, (end) => `<style>${css}</style>${end}`)
    .replace(EMPTY_ROOT, () => `<div id="root" ${SNAPSHOT_ATTRIBUTE}>${snapshot.root}</div>`);
}
