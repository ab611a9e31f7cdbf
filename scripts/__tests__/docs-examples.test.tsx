import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, renderWithProviders, setupApiServer } from '@duly/shared/test-utils';
import { ReportScreen } from '../../docs/examples/reports/ReportScreen';
import { ReportsScreen } from '../../docs/examples/reports/ReportsScreen';

// docs/new-remote.md shows a list-and-detail screen for a new resource built from the kit and an
// injected endpoint. Its code is docs/examples/reports/: held equal to the page, type-checked
// against the kit as it is, and rendered, so the page cannot show code that no longer works.
const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'docs/examples/reports');
const PAGE = readFileSync(path.join(ROOT, 'docs/new-remote.md'), 'utf8');

/** The page's code blocks that name a file of src/features/reports/, by that file's name. */
function blocksOfPage(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const [, code] of PAGE.matchAll(/```tsx?\n([\s\S]*?)```/g)) {
    const named = /^\/\/ src\/features\/reports\/([\w.]+)/.exec(code);
    if (named) blocks.set(named[1], code);
  }
  return blocks;
}

const REPORTS = [
  {
    id: '0b7c3c1e-8a47-4d6e-9a55-0c3d2f1e6a01',
    title: 'March compliance',
    kind: 'monthly',
    summary: 'Two certificates lapsed.',
    created_at: '2026-03-31T04:30:00.000Z',
  },
  {
    id: '0b7c3c1e-8a47-4d6e-9a55-0c3d2f1e6a02',
    title: 'Week 14',
    kind: 'weekly',
    summary: 'All tasks done.',
    created_at: '2026-04-06T04:30:00.000Z',
  },
];

setupApiServer(
  http.get(apiUrl('/reports/'), () =>
    HttpResponse.json(REPORTS, { headers: { 'X-Total-Count': String(REPORTS.length) } }),
  ),
  http.get(apiUrl('/reports/:id'), ({ params }) => {
    const report = REPORTS.find((candidate) => candidate.id === params.id);
    return report
      ? HttpResponse.json(report)
      : HttpResponse.json({ message: 'Report not found', code: 'NOT_FOUND' }, { status: 404 });
  }),
);

describe('the new-remote example (docs/examples/reports)', () => {
  it('is the code docs/new-remote.md shows, file for file', () => {
    const files = readdirSync(EXAMPLES).sort();
    const blocks = blocksOfPage();
    expect([...blocks.keys()].sort()).toEqual(files);
    for (const file of files) {
      expect(blocks.get(file)).toBe(readFileSync(path.join(EXAMPLES, file), 'utf8'));
    }
  });

  it('keeps the list and the detail screen under 60 lines each', () => {
    for (const file of ['ReportsScreen.tsx', 'ReportScreen.tsx']) {
      const lines = readFileSync(path.join(EXAMPLES, file), 'utf8').trimEnd().split('\n');
      expect(lines.length).toBeLessThan(60);
    }
  });

  it('type-checks against the kit as it is now', () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    // Throws with the compiler's messages when it fails.
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', path.join(ROOT, 'docs/examples')], {
      encoding: 'utf8',
    });
  }, 180_000);

  it('lists the reports with their columns, each row opening its report', async () => {
    const { user, currentPath } = renderWithProviders(<ReportsScreen />, {
      route: '/reports',
      token: makeToken(),
    });
    const table = await screen.findByRole('table', { name: 'Reports' });
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toBeInTheDocument();
    expect(within(table).getByText('Week 14')).toBeInTheDocument();
    await user.click(within(table).getByText('March compliance'));
    expect(currentPath()).toBe(`/reports/${REPORTS[0].id}`);
  });

  it('shows one report: its title and details', async () => {
    renderWithProviders(<ReportScreen />, {
      route: `/reports/${REPORTS[1].id}`,
      path: '/reports/:reportId',
      token: makeToken(),
    });
    expect(await screen.findByRole('heading', { name: 'Week 14' })).toBeInTheDocument();
    expect(screen.getByText('All tasks done.')).toBeInTheDocument();
  });

  it("says 'Report not found' with the way back for an unknown id", async () => {
    renderWithProviders(<ReportScreen />, {
      route: '/reports/0b7c3c1e-8a47-4d6e-9a55-0c3d2f1e6aff',
      path: '/reports/:reportId',
      token: makeToken(),
    });
    expect(await screen.findByText('Report not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Reports' })).toHaveAttribute(
      'href',
      '/reports',
    );
  });
});
