import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts that fail a test: what keeps someone from using the screen. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules and best practices) on what the page shows now and
 * fails with a readable list when any violation is serious or critical. Call it once the screen
 * has settled (its data shown), and again with a dialog or drawer open.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours half-way through a fade (a dialog opening) are not what a person reads.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((violation) =>
    BLOCKING_IMPACTS.has(violation.impact ?? ''),
  );
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary}`)
        .join('\n'),
  );
  expect(report, `accessibility of ${screen}`).toEqual([]);
}
