/**
 * The Lighthouse part of `npm run bench:web`: the npm `lighthouse` package drives the system
 * Chromium (the e2e flags of ARCHITECTURE 9; nothing is downloaded) on the minimal React page
 * and the product's main screens, with the mobile (default) and desktop presets.
 *
 * Signed-in screens need the session token in localStorage, which Lighthouse's storage reset
 * would wipe: the reset is turned off, the token is written (or removed, for /login) before each
 * run, with the session cookie the shell mirrors it into (PUT or DELETE /web/session), and the
 * HTTP cache is cleared through the DevTools protocol instead, so every run is still a cold load. Each screen is audited LIGHTHOUSE_RUNS times (default 3); the median score
 * is reported, with the LCP, TBT and the page Lighthouse ended on (a redirect shows there).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/duly-server';

export interface LighthouseScreen {
  /** Path on the product's server. */
  route: string;
  /** Whether the session token is set (else it is removed). */
  signedIn: boolean;
}

export interface LighthouseFigure {
  route: string;
  preset: 'mobile' | 'desktop';
  /** Median of the runs, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Every run's performance score, for the spread. */
  performanceSamples: number[];
  finalUrl: string;
}

export type Preset = LighthouseFigure['preset'];

interface LighthouseResult {
  /** What the run gathered (the trace and the DevTools log among it): LIGHTHOUSE_ARTIFACTS. */
  artifacts?: unknown;
  lhr: {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
}

/**
 * LIGHTHOUSE_REPORTS=<folder>: every run's full report is written there too (the diagnostics
 * behind a score: LCP breakdown, long tasks, unused JavaScript).
 */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS?.trim();

/**
 * LIGHTHOUSE_ARTIFACTS=<folder>: every run's artifacts too (its trace and DevTools log), one
 * folder per run, which `lighthouse -A=<folder>` (or the node API's `auditMode`) audits again
 * without a browser: Lantern's simulation of the same run, deterministic, so a change to what
 * the run loaded (a request taken out of its DevTools log) can be priced apart from the load.
 */
const ARTIFACTS_DIR = process.env.LIGHTHOUSE_ARTIFACTS?.trim();

async function saveArtifacts(
  result: LighthouseResult,
  side: string,
  preset: Preset,
  route: string,
  run: number,
): Promise<void> {
  const { saveArtifacts: save } =
    (await import('lighthouse/core/lib/asset-saver.js')) as unknown as {
      saveArtifacts: (artifacts: unknown, basePath: string) => Promise<void>;
    };
  const name = `${side}-${preset}${route}-${run}`.replace(/[^a-z0-9]+/gi, '-');
  await save(result.artifacts, path.join(ARTIFACTS_DIR!, name));
}

function saveReport(
  result: LighthouseResult,
  side: string,
  preset: Preset,
  route: string,
  run: number,
): void {
  mkdirSync(REPORTS_DIR!, { recursive: true });
  // The side too (BENCH_BASELINE): each side's reports of a route kept apart.
  const name = `${side}-${preset}${route}-${run}`.replace(/[^a-z0-9]+/gi, '-') + '.json';
  writeFileSync(path.join(REPORTS_DIR!, name), JSON.stringify(result.lhr));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const score = (result: LighthouseResult, category: string) =>
  Math.round((result.lhr.categories[category]?.score ?? 0) * 100);

export async function runLighthouse(
  baseURL: string,
  token: string,
  screens: readonly LighthouseScreen[],
  runs: number,
  presets: readonly Preset[] = ['mobile', 'desktop'],
  /** Names the saved reports (LIGHTHOUSE_REPORTS) of this side. */
  side = 'tree',
): Promise<LighthouseFigure[]> {
  // ES modules: imported at run time (the bench itself is compiled as CommonJS by tsx).
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (
      url: string,
      flags: Record<string, unknown>,
      config?: unknown,
    ) => Promise<LighthouseResult | undefined>;
  };
  const { default: desktopConfig } =
    (await import('lighthouse/core/config/desktop-config.js')) as unknown as { default: unknown };

  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'duly-lighthouse-'));
  // A persistent context is the browser's default one, the one Lighthouse opens its tab in.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  const figures: LighthouseFigure[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await page.goto(`${baseURL}/__bench/`);

    for (const preset of presets) {
      for (const screen of screens) {
        const results: LighthouseResult[] = [];
        for (let run = 1; run <= runs; run += 1) {
          // The session cookie as the shell mirrors it (api/src/web/session-cookie.ts): set
          // for a signed-in screen, whose first requests the server then answers, cleared for
          // /login. A tree without the endpoint answers 404: nothing changes there.
          await page.evaluate(
            async (value) => {
              if (value === null) window.localStorage.removeItem('token');
              else window.localStorage.setItem('token', value);
              await fetch('/web/session', {
                method: value === null ? 'DELETE' : 'PUT',
                headers: value === null ? {} : { authorization: `Bearer ${value}` },
              }).catch(() => undefined);
            },
            screen.signedIn ? token : null,
          );
          await cdp.send('Network.clearBrowserCache');
          const result = await lighthouse(
            `${baseURL}${screen.route}`,
            {
              port,
              hostname: '127.0.0.1',
              output: 'json',
              logLevel: 'error',
              disableStorageReset: true,
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
            },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!result || result.lhr.runtimeError)
            throw new Error(
              `Lighthouse failed on ${screen.route}: ${result?.lhr.runtimeError?.message ?? 'no result'}`,
            );
          results.push(result);
          if (REPORTS_DIR) saveReport(result, side, preset, screen.route, run);
          if (ARTIFACTS_DIR) await saveArtifacts(result, side, preset, screen.route, run);
        }
        const audit = (id: string) =>
          median(results.map((result) => result.lhr.audits[id]?.numericValue ?? NaN));
        const figure: LighthouseFigure = {
          route: screen.route,
          preset,
          performance: median(results.map((result) => score(result, 'performance'))),
          accessibility: median(results.map((result) => score(result, 'accessibility'))),
          bestPractices: median(results.map((result) => score(result, 'best-practices'))),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          performanceSamples: results.map((result) => score(result, 'performance')),
          finalUrl: new URL(results.at(-1)!.lhr.finalDisplayedUrl).pathname,
        };
        figures.push(figure);
        process.stdout.write(
          `  lighthouse ${preset.padEnd(7)} ${screen.route.padEnd(20)} performance ${figure.performanceSamples.join(', ')}\n`,
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return figures;
}

/** The table printed beside the other figures. */
export function printLighthouseTable(figures: readonly LighthouseFigure[], target: number): void {
  const underTarget = (figure: LighthouseFigure) =>
    figure.preset === 'mobile' && figure.performance < target;
  console.log(
    '\nLighthouse (median of the runs; perf / a11y / best practices; LCP, TBT of the median run set):',
  );
  console.log(
    `  ${'screen'.padEnd(20)} ${'preset'.padEnd(8)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'bp'.padStart(4)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)}  ended on`,
  );
  for (const figure of figures) {
    const mark = underTarget(figure) ? ' *' : '';
    console.log(
      `  ${figure.route.padEnd(20)} ${figure.preset.padEnd(8)} ${String(figure.performance).padStart(4)} ${String(figure.accessibility).padStart(4)} ${String(figure.bestPractices).padStart(4)} ${figure.lcpMs.toFixed(0).padStart(7)} ${figure.tbtMs.toFixed(0).padStart(7)}  ${figure.finalUrl}${mark}`,
    );
  }
  // The legend only when a line carries the mark.
  if (figures.some(underTarget))
    console.log(`  * mobile performance under the target of ${target}`);
}
