import type { Page } from '@playwright/test';

/** One sample of what the page is about to paint, taken in each animation frame. */
export interface Frame {
  /** Nothing to see: `#root` empty and no skeleton shown. */
  blank: boolean;
  skeleton: boolean;
  tables: number;
  /** Tables on the page without a single body row. */
  emptyTables: number;
  rows: number;
  /** Spinners on the page (a screen part still waiting for its data). */
  spinners: number;
  /** Elements matching each of the selectors `recordFrames` was given, by selector. */
  found: Record<string, number>;
}

/**
 * Records, from the first animation frame of the document on, what each frame is about to
 * paint (requestAnimationFrame callbacks run right before the paint), counting the elements
 * of each of `selectors` too (a screen's parts that are not tables).
 */
export async function recordFrames(page: Page, selectors: string[] = []): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const frames: Frame[] = [];
    (window as unknown as { dulyFrames: Frame[] }).dulyFrames = frames;
    const sample = () => {
      const root = document.getElementById('root');
      if (root) {
        const skeleton = document.getElementById('duly-skeleton');
        const skeletonShown = skeleton !== null && getComputedStyle(skeleton).display !== 'none';
        const tables = [...document.querySelectorAll('table')];
        frames.push({
          blank: root.childElementCount === 0 && !skeletonShown,
          skeleton: skeletonShown,
          tables: tables.length,
          emptyTables: tables.filter((table) => table.querySelectorAll('tbody tr').length === 0)
            .length,
          rows: document.querySelectorAll('table tbody tr').length,
          spinners: document.querySelectorAll('[role="progressbar"]').length,
          found: Object.fromEntries(
            watched.map((selector) => [selector, document.querySelectorAll(selector).length]),
          ),
        });
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, selectors);
}

/** The frames recorded so far. */
export const framesOf = (page: Page): Promise<Frame[]> =>
  page.evaluate(() => (window as unknown as { dulyFrames: Frame[] }).dulyFrames);

/** The first frame that shows more than the skeleton: the app's first paint. */
export function firstPainted(frames: Frame[]): Frame | undefined {
  return frames.find((frame) => !frame.skeleton && !frame.blank);
}
