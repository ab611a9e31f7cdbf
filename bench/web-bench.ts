/**
 * `npm run bench:web`: how much slower is the real product than the simplest React page?
 *
 * One run, one server (`node scripts/start.mjs`, a fresh SQLite folder, a free port):
 *   (a) a minimal page: one React component rendering one line, built by this script with the
 *       same webpack settings as the apps (scripts/webpack/common.cjs: SWC, production, content
 *       hashes) into a temporary folder, and served by the same web plugin under /__bench/
 *       (enabled by DULY_BENCH_PAGE_DIR, which nothing else sets);
 *   (b) /tasks of a signed-in admin whose organisation has 50 tasks, until the table's rows are
 *       on the page.
 * Each is cold-loaded 10 times, every time in a fresh browser context (empty cache, no
 * connections kept). The time is the page's own clock (performance.now(), from the start of
 * the navigation) at the moment the awaited element is first in the document, recorded by a
 * MutationObserver installed before the page's scripts run. It also reports the JavaScript each
 * route downloads, gzipped (level 9, as the remotes' bundle budget counts it), and the initial
 * JavaScript of /login.
 *
 * Then Lighthouse (bench/lighthouse.ts), mobile and desktop presets, on the minimal page and on
 * /login, /dashboard, /tasks and every remote's main screen, signed in where needed, LIGHTHOUSE_RUNS
 * times each (default 3; 0 skips it), the median printed as a table. The load average is printed
 * too: on a shared machine the figures are only comparable with the minimal page of the same run.
 *
 * Targets: median (b) / median (a) ≤ 1.5 (issue 18: 2.0 at least); /login initial JavaScript
 * ≤ 150 KB gzipped; Lighthouse mobile performance ≥ 95.
 * Not a test: it prints the figures (and writes bench/results/web-<time>.json), exit code 0
 * whatever they are.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { type Browser, chromium, type Page } from 'playwright-core';
import type HtmlWebpackPlugin from 'html-webpack-plugin';
import type webpack from 'webpack';
import type { Configuration } from 'webpack';
// The browser tests' helpers: the same Chromium flags and free-port finder.
import { assertChromiumInstalled, CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/duly-server';
import { type LighthouseScreen, printLighthouseTable, runLighthouse } from './lighthouse';

const ROOT = path.resolve(__dirname, '..');
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const RUNS = 10;
const TASK_COUNT = 50;
const RATIO_TARGET = 1.5;
const LOGIN_JS_TARGET_KB = 150;
const LIGHTHOUSE_TARGET = 95;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The minimal page first (the baseline), then the product's main screens. */
const LIGHTHOUSE_SCREENS: readonly LighthouseScreen[] = [
  { route: '/__bench/', signedIn: false },
  { route: '/login', signedIn: false },
  { route: '/dashboard', signedIn: true },
  { route: '/tasks', signedIn: true },
  { route: '/certificates', signedIn: true },
  { route: '/employees', signedIn: true },
  { route: '/tasks/dashboard', signedIn: true },
  { route: '/employee/dashboard', signedIn: true },
];

interface Load {
  /** ms from navigation start until the awaited element was in the document. */
  visibleMs: number;
  /** Downloaded JavaScript: URL → gzipped bytes. */
  scripts: Map<string, number>;
}

// ---------------------------------------------------------------------------------------------
// The minimal page (a)

const MINIMAL_PAGE_SOURCE = `
import { createRoot } from 'react-dom/client';

function Hello() {
  return <h1 id="bench-ready">Hello from one React component</h1>;
}

createRoot(document.getElementById('root')!).render(<Hello />);
`;

/** Builds the minimal page with the apps' own webpack settings; returns its dist folder. */
async function buildMinimalPage(workDir: string): Promise<string> {
  writeFileSync(path.join(workDir, 'index.tsx'), MINIMAL_PAGE_SOURCE);
  // From the repository's node_modules, like the apps' builds (the bench package declares none).
  const build = requireFromRoot('webpack') as typeof webpack;
  const HtmlPlugin = requireFromRoot('html-webpack-plugin') as typeof HtmlWebpackPlugin;
  const { commonConfig } = requireFromRoot('./scripts/webpack/common.cjs') as {
    commonConfig(options: { dir: string; mode: string }): Configuration;
  };
  const base = commonConfig({ dir: workDir, mode: 'production' });
  const config: Configuration = {
    ...base,
    entry: './index.tsx',
    // The source lives outside the repository: find packages and loaders in its node_modules.
    resolve: { ...base.resolve, modules: [path.join(ROOT, 'node_modules'), 'node_modules'] },
    resolveLoader: { modules: [path.join(ROOT, 'node_modules'), 'node_modules'] },
    plugins: [
      new HtmlPlugin({
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Minimal</title><link rel="icon" href="data:,"></head><body><div id="root"></div></body></html>',
        scriptLoading: 'defer',
      }),
    ],
  };
  await new Promise<void>((resolve, reject) => {
    build(config, (error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    });
  });
  return path.join(workDir, 'dist');
}

// ---------------------------------------------------------------------------------------------
// The product's server

/** `node scripts/start.mjs` with the bench page enabled; resolves when it prints its URL. */
async function startProduct(benchPageDir: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DULY_BENCH_PAGE_DIR: benchPageDir,
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Duly is running on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return { baseURL: `http://127.0.0.1:${port}`, stop };
}

async function api<T>(
  baseURL: string,
  method: string,
  route: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseURL}/api/v1${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An organisation with 50 tasks; returns its admin's token. */
async function seedTasks(baseURL: string): Promise<string> {
  const { token, user } = await api<{
    token: string;
    user: { id: string; organization_id: string };
  }>(baseURL, 'POST', '/auth/signup', {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-123',
    name: 'Bench Admin',
    organization_name: 'Bench Org',
  });
  for (let index = 1; index <= TASK_COUNT; index += 1) {
    await api(
      baseURL,
      'POST',
      '/tasks/',
      {
        title: `Benchmark task ${index}`,
        description: 'A task of the benchmark organisation.',
        due_date: new Date(Date.now() + index * 86_400_000).toISOString(),
        organization_id: user.organization_id,
        created_by_user_id: user.id,
        assigner_id: user.id,
        assigned_to_user_id: user.id,
      },
      token,
    );
  }
  return token;
}

// ---------------------------------------------------------------------------------------------
// Loading pages

/** The console message the page prints, with its clock, once the awaited element is there. */
const VISIBLE_MESSAGE = '__bench_visible ';

/**
 * Records, from before the page's first script, when `selector` first matches, and says so in
 * the console. The bench listens for that message rather than polling the page: Playwright's
 * waitForFunction first installs its ~330 KB helper script in the page, which landed in the
 * middle of /tasks' loading (after the load event, while the remote was still on its way) and
 * cost it 100 to 200 ms of main thread that the minimal page, finished by then, never paid
 * (issue 18). A string, not a function: tsx would add its own helpers to a function's code.
 */
function watchFor(selector: string): string {
  return `(() => {
    const record = () => {
      if (window.__benchVisibleAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__benchVisibleAt = performance.now();
        console.debug(${JSON.stringify(VISIBLE_MESSAGE)} + window.__benchVisibleAt);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  })();`;
}

/** Resolves with the page's clock when it prints VISIBLE_MESSAGE; rejects after `timeoutMs`. */
function visibleAt(page: Page, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The awaited element never showed')),
      timeoutMs,
    );
    page.on('console', (message) => {
      if (!message.text().startsWith(VISIBLE_MESSAGE)) return;
      clearTimeout(timer);
      resolve(Number(message.text().slice(VISIBLE_MESSAGE.length)));
    });
  });
}

async function coldLoad(
  browser: Browser,
  url: string,
  selector: string,
  token?: string,
): Promise<Load> {
  const context = await browser.newContext();
  try {
    if (token)
      await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
    await context.addInitScript(watchFor(selector));
    const page: Page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    page.on('pageerror', (error) => console.error(`  page error on ${url}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`  console error on ${url}: ${message.text()}`);
    });
    const visible = visibleAt(page, 30_000);
    visible.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    await page.goto(url);
    const visibleMs = await visible;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { visibleMs, scripts };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => bytes / 1024;
const totalBytes = (scripts: Map<string, number>) =>
  [...scripts.values()].reduce((sum, size) => sum + size, 0);

async function main(): Promise<void> {
  const start = (await import(pathToFileURL(path.join(ROOT, 'scripts/start.mjs')).href)) as {
    buildStalePackages(options: { log: (line: string) => void }): string[];
  };
  start.buildStalePackages({ log: (line) => console.log(line) });

  const workDir = mkdtempSync(path.join(tmpdir(), 'duly-bench-web-'));
  const dataDir = path.join(workDir, 'data');
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let browser: Browser | undefined;
  try {
    console.log('Building the minimal page…');
    const minimalDir = await buildMinimalPage(workDir);
    product = await startProduct(minimalDir, dataDir);
    console.log(`Product on ${product.baseURL}; creating ${TASK_COUNT} tasks…`);
    const token = await seedTasks(product.baseURL);

    assertChromiumInstalled();
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    });
    // One warm-up of each, not counted: the server's first answers (file cache, JIT) are not the page's cost.
    await coldLoad(browser, `${product.baseURL}/__bench/`, '#bench-ready');
    await coldLoad(browser, `${product.baseURL}/tasks`, 'table tbody tr', token);

    const minimal: Load[] = [];
    const tasks: Load[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      // Interleaved, so a slower moment of the machine weighs on both alike.
      minimal.push(await coldLoad(browser, `${product.baseURL}/__bench/`, '#bench-ready'));
      tasks.push(await coldLoad(browser, `${product.baseURL}/tasks`, 'table tbody tr', token));
      process.stdout.write(
        `  run ${run}/${RUNS}: minimal ${minimal.at(-1)!.visibleMs.toFixed(0)} ms, /tasks ${tasks.at(-1)!.visibleMs.toFixed(0)} ms\n`,
      );
    }
    const login = await coldLoad(browser, `${product.baseURL}/login`, 'form');

    const loadBefore = loadavg();
    const lighthouse =
      LIGHTHOUSE_RUNS > 0
        ? await runLighthouse(product.baseURL, token, LIGHTHOUSE_SCREENS, LIGHTHOUSE_RUNS)
        : [];
    const loadAfter = loadavg();

    const minimalMedian = median(minimal.map((load) => load.visibleMs));
    const tasksMedian = median(tasks.map((load) => load.visibleMs));
    const ratio = tasksMedian / minimalMedian;
    const loginKb = kb(totalBytes(login.scripts));
    const report = {
      date: new Date().toISOString(),
      runs: RUNS,
      tasks: TASK_COUNT,
      minimalPage: {
        medianMs: minimalMedian,
        samplesMs: minimal.map((load) => load.visibleMs),
        javascriptGzipKb: kb(totalBytes(minimal[0]!.scripts)),
        scripts: minimal[0]!.scripts.size,
      },
      tasksPage: {
        medianMs: tasksMedian,
        samplesMs: tasks.map((load) => load.visibleMs),
        javascriptGzipKb: kb(totalBytes(tasks[0]!.scripts)),
        scripts: tasks[0]!.scripts.size,
      },
      ratio,
      login: { javascriptGzipKb: loginKb, scripts: login.scripts.size },
      lighthouse: { runs: LIGHTHOUSE_RUNS, figures: lighthouse },
      loadAverage: { beforeLighthouse: loadBefore, afterLighthouse: loadAfter },
    };

    console.log('\nCold load until visible (median of %d, fresh browser context each):', RUNS);
    console.log(
      `  (a) minimal React page   ${minimalMedian.toFixed(0).padStart(5)} ms   JS ${report.minimalPage.javascriptGzipKb.toFixed(1)} KB gzipped in ${report.minimalPage.scripts} file(s)`,
    );
    console.log(
      `  (b) /tasks, ${TASK_COUNT} tasks      ${tasksMedian.toFixed(0).padStart(5)} ms   JS ${report.tasksPage.javascriptGzipKb.toFixed(1)} KB gzipped in ${report.tasksPage.scripts} file(s)`,
    );
    console.log(
      `  ratio (b)/(a)            ${ratio.toFixed(2)}   (target ≤ ${RATIO_TARGET}: ${ratio <= RATIO_TARGET ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  /login initial JS        ${loginKb.toFixed(1)} KB gzipped in ${login.scripts.size} file(s)   (target ≤ ${LOGIN_JS_TARGET_KB} KB: ${loginKb <= LOGIN_JS_TARGET_KB ? 'met' : 'NOT met'})`,
    );
    if (lighthouse.length > 0) printLighthouseTable(lighthouse, LIGHTHOUSE_TARGET);
    console.log(
      `\nLoad average (1, 5, 15 min): ${loadBefore.map((value) => value.toFixed(2)).join(', ')} before Lighthouse, ${loadAfter.map((value) => value.toFixed(2)).join(', ')} after`,
    );

    const resultsDir = path.join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `web-${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
  } finally {
    await browser?.close();
    await product?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
