/**
 * `npm run bench:web`: how much slower is the real product than the simplest React page that
 * shows the same data?
 *
 * One run, one server (`node scripts/start.mjs`, a fresh SQLite folder, a free port), one
 * organisation with 50 tasks, 50 certificates and 50 employees:
 *   (a) a minimal page: one React component that reads the stored token, fetches its 50 rows
 *       from the same server's API (`?api=/tasks/?limit=50`, the request the product's list
 *       sends) and renders them as a table. It is built by this script with the apps' own
 *       webpack settings (scripts/webpack/common.cjs: SWC, production, content hashes) into a
 *       temporary folder, and served by the same web plugin under /__bench/ (enabled by
 *       DULY_BENCH_PAGE_DIR, which nothing else sets);
 *   (b) each signed-in screen of COLD_SCREENS (/tasks, /certificates, /employees,
 *       /tasks/dashboard, /employee/dashboard), until its first data row is on the page.
 * Both sides wait for the same thing, the first `table tbody tr` of real data, so the ratio
 * means what a user sees. Each screen and its minimal page are cold-loaded BENCH_RUNS times
 * (default 5), interleaved (minimal, screen, minimal, screen…), every time in a fresh browser
 * context (empty cache, no connections kept) with the CPU slowed BENCH_CPU_RATE times (default
 * 4, a mid-range phone; DevTools' CPU throttling). BENCH_SCREENS=/tasks,… measures only those
 * screens (cold loads and Lighthouse) beside the minimal page. The time is the page's own clock
 * (performance.now(), from the start of the navigation) at the moment the awaited element is
 * first in the document, recorded by a MutationObserver installed before the page's scripts
 * run. It also reports the JavaScript each route downloads, gzipped (level 9, as the remotes'
 * bundle budget counts it), and the initial JavaScript of /login.
 *
 * BENCH_BASELINE=<git ref>: that ref's front end and API too (A/B), checked out with
 * `git worktree` into a temporary folder, built there, served by its own server on another
 * port with its own data, and loaded in the same interleaved loop; its ratios are printed
 * beside this tree's.
 *
 * Then Lighthouse (bench/lighthouse.ts) on the minimal page (signed in: it fetches its rows)
 * and on /login, /dashboard and every screen above, LIGHTHOUSE_RUNS times each (default 5;
 * 0 skips it), presets LIGHTHOUSE_PRESETS (default `mobile`; `mobile,desktop` for both), the
 * median printed as a table with the LCP and TBT, for each side (the baseline's too). The load average is printed too: on a shared
 * machine the figures are only comparable with the minimal page of the same run.
 *
 * Targets (issue 32): each of /tasks, /certificates, /employees ≤ 1.5× its minimal page;
 * /tasks signed-in JavaScript ≤ 200 KB gzipped; /login initial JavaScript ≤ 150 KB gzipped;
 * Lighthouse mobile performance ≥ 95 on every screen.
 * Not a test: it prints the figures (and writes bench/results/web-<time>.json), exit code 0
 * whatever they are.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type HtmlWebpackPlugin from 'html-webpack-plugin';
import type webpack from 'webpack';
import type { Configuration } from 'webpack';
// The browser tests' helpers: the same Chromium flags and free-port finder.
import { assertChromiumInstalled, CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/duly-server';
import {
  type LighthouseScreen,
  type Preset,
  printLighthouseTable,
  runLighthouse,
} from './lighthouse';

const ROOT = path.resolve(__dirname, '..');
const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROW_COUNT = 50;
const RATIO_TARGET = 1.5;
const TASKS_JS_TARGET_KB = 200;
const LOGIN_JS_TARGET_KB = 150;
const LIGHTHOUSE_TARGET = 95;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const LIGHTHOUSE_PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile')
  .split(',')
  .map((preset) => preset.trim())
  .filter((preset): preset is Preset => preset === 'mobile' || preset === 'desktop');
const BASELINE_REF = process.env.BENCH_BASELINE?.trim() || undefined;
/** The CPU slowdown of every cold load (DevTools' throttling; 1 turns it off). */
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
/**
 * BENCH_SCREENS=/tasks,/certificates: only these screens (cold loads and Lighthouse; the
 * minimal page is always measured). Default: every screen.
 */
const ONLY_SCREENS = (process.env.BENCH_SCREENS ?? '')
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);
/** BENCH_LIST_SCRIPTS=1: each route's JavaScript files with their gzipped size (always in the JSON). */
const LIST_SCRIPTS = process.env.BENCH_LIST_SCRIPTS === '1';
const wanted = (route: string) => ONLY_SCREENS.length === 0 || ONLY_SCREENS.includes(route);
/** The awaited element on both sides: the first row of real data. */
const FIRST_ROW = 'table tbody tr';

/**
 * The cold-loaded screens, each with the API request its minimal page makes: the rows the
 * screen shows first (the dashboards' first table lists tasks).
 */
const COLD_SCREENS: readonly { route: string; api: string; ratioTarget: boolean }[] = [
  { route: '/tasks', api: '/tasks/?limit=50', ratioTarget: true },
  { route: '/certificates', api: '/certificates/?limit=50', ratioTarget: true },
  { route: '/employees', api: '/employees/?limit=50', ratioTarget: true },
  { route: '/tasks/dashboard', api: '/tasks/?limit=50', ratioTarget: false },
  { route: '/employee/dashboard', api: '/tasks/?limit=50', ratioTarget: false },
].filter((screen) => wanted(screen.route));
const minimalUrl = (api: string) => `/__bench/?api=${encodeURIComponent(api)}`;

/** The minimal page first (the baseline), then the product's main screens. */
const LIGHTHOUSE_SCREENS: readonly LighthouseScreen[] = [
  { route: minimalUrl('/tasks/?limit=50'), signedIn: true },
  ...[
    { route: '/login', signedIn: false },
    { route: '/dashboard', signedIn: true },
    { route: '/tasks', signedIn: true },
    { route: '/certificates', signedIn: true },
    { route: '/employees', signedIn: true },
    { route: '/tasks/dashboard', signedIn: true },
    { route: '/employee/dashboard', signedIn: true },
  ].filter((screen) => wanted(screen.route)),
];

interface Load {
  /** ms from navigation start until the awaited element was in the document. */
  visibleMs: number;
  /** Downloaded JavaScript until the network was idle: URL → gzipped bytes. */
  scripts: Map<string, number>;
  /** The URLs of `scripts` whose response arrived before the awaited element showed. */
  beforeVisible: Set<string>;
}

// ---------------------------------------------------------------------------------------------
// The minimal page (a)

/**
 * What a plain single-bundle React app does for a list screen: read the token, fetch the rows
 * from its own server, render them. The request leaves from the component's effect, as a
 * typical app's would (no prefetch from the HTML).
 */
const MINIMAL_PAGE_SOURCE = `
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Row = Record<string, unknown> & { id: string };

function List() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    const api = new URLSearchParams(location.search).get('api') ?? '/tasks/?limit=50';
    fetch('/api/v1' + api, { headers: { authorization: 'Bearer ' + localStorage.getItem('token') } })
      .then((response) => response.json())
      .then((body) => setRows(Array.isArray(body) ? body : body.items ?? body.data ?? []));
  }, []);
  return (
    <main>
      <h1>Rows</h1>
      {rows === null ? <p>Loading…</p> : (
        <table>
          <thead><tr><th>Name</th><th>Status</th><th>Date</th></tr></thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{String(row.title ?? row.name ?? row.email ?? row.id)}</td>
                <td>{String(row.status ?? '')}</td>
                <td>{String(row.due_date ?? row.expiry_date ?? row.created_at ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<List />);
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
async function startProduct(
  benchPageDir: string,
  dataDir: string,
  root = ROOT,
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], {
    cwd: root,
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
      USER_REQUEST_LIMIT: '1000000000',
      ...extraEnv,
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

/** An organisation with 50 tasks, 50 certificates and 50 employees; returns its admin's token. */
async function seedRows(baseURL: string): Promise<string> {
  const { token, user } = await api<{
    token: string;
    user: { id: string; organization_id: string };
  }>(baseURL, 'POST', '/auth/signup', {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-123',
    name: 'Bench Admin',
    organization_name: 'Bench Org',
  });
  for (let index = 1; index <= ROW_COUNT; index += 1) {
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
    await api(
      baseURL,
      'POST',
      '/certificates/',
      {
        name: `Benchmark certificate ${index}`,
        expiry_date: new Date(Date.now() + index * 86_400_000).toISOString().slice(0, 10),
        reminder_days_before: 30,
        department: 'Engineering',
      },
      token,
    );
    await api(
      baseURL,
      'POST',
      '/employees/',
      {
        firstName: 'Bench',
        lastName: `Employee ${index}`,
        email: `bench-employee-${index}-${randomBytes(3).toString('hex')}@example.com`,
        department: 'Engineering',
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

/**
 * The session cookie as the shell sets it after signing in (PUT /web/session with the token as
 * the bearer, api/src/web/session-cookie.ts), so a cold load of a signed-in screen takes the
 * real path: the server answers its first requests itself (issue 32). Through the context's own
 * request client, whose cookies are the pages'. A tree without the endpoint (a baseline older
 * than it) answers 404 and is loaded as it always was.
 */
async function mirrorSession(context: BrowserContext, origin: string, token: string) {
  await context.request
    .put(`${origin}/web/session`, { headers: { authorization: `Bearer ${token}` } })
    .catch(() => undefined);
}

async function coldLoad(
  browser: Browser,
  url: string,
  selector: string,
  token?: string,
): Promise<Load> {
  const context = await browser.newContext();
  try {
    if (token) {
      await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
      await mirrorSession(context, new URL(url).origin, token);
    }
    await context.addInitScript(watchFor(selector));
    const page: Page = await context.newPage();
    if (CPU_RATE !== 1) {
      // A mid-range phone's CPU: what the issue's ratio is measured at (CPU 4x).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    }
    const scripts = new Map<string, number>();
    const beforeVisible = new Set<string>();
    let shown = false;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (!shown) beforeVisible.add(response.url());
      pending.push(
        response.body().then(
          (body) => {
            scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
          },
          // A script that arrives while the context closes (after the network was idle) is
          // not counted; its body can no longer be read, which must not end the run.
          () => undefined,
        ),
      );
    });
    page.on('pageerror', (error) => console.error(`  page error on ${url}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`  console error on ${url}: ${message.text()}`);
    });
    const visible = visibleAt(page, 30_000);
    visible.then(
      () => (shown = true),
      () => undefined, // awaited below; not an unhandled rejection meanwhile
    );
    await page.goto(url);
    const visibleMs = await visible;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { visibleMs, scripts, beforeVisible };
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

/** A load's scripts, largest first: file name (the path after the origin) → gzipped KB. */
function scriptList(scripts: Map<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...scripts]
      .sort(([, a], [, b]) => b - a)
      .map(([url, bytes]) => [new URL(url).pathname, Number(kb(bytes).toFixed(1))]),
  );
}

function printScripts(files: Record<string, number>): void {
  for (const [file, size] of Object.entries(files))
    console.log(`      ${size.toFixed(1).padStart(7)} KB  ${file}`);
}
const totalBytes = (scripts: Map<string, number>) =>
  [...scripts.values()].reduce((sum, size) => sum + size, 0);

/**
 * BENCH_BASELINE: `ref` checked out in a temporary git worktree, with a node_modules of its own
 * that links every package of this tree's node_modules except @duly/*, which must be the
 * baseline's own workspaces (this tree's links are relative and would point back here).
 */
function prepareBaseline(ref: string, workDir: string): { root: string; remove(): void } {
  const root = path.join(workDir, 'baseline');
  execFileSync('git', ['worktree', 'add', '--detach', root, ref], { cwd: ROOT, stdio: 'ignore' });
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@duly'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@duly') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const entry of readdirSync(path.join(ROOT, 'node_modules', '@duly'))) {
    const target = readlinkSync(path.join(ROOT, 'node_modules', '@duly', entry));
    symlinkSync(target, path.join(modules, '@duly', entry));
  }
  // A workspace's own node_modules (shell/node_modules holds webpack-cli): linked as well.
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    const own = path.join(ROOT, entry.name, 'node_modules');
    if (entry.isDirectory() && entry.name !== 'node_modules' && existsSync(own))
      if (
        existsSync(path.join(root, entry.name)) &&
        !existsSync(path.join(root, entry.name, 'node_modules'))
      )
        symlinkSync(own, path.join(root, entry.name, 'node_modules'));
  }
  return {
    root,
    remove: () =>
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' }),
  };
}

interface Side {
  label: string;
  baseURL: string;
  token: string;
}

interface ScreenResult {
  route: string;
  api: string;
  ratioTarget: boolean;
  minimal: Load[];
  screen: Load[];
}

async function main(): Promise<void> {
  const start = (await import(pathToFileURL(path.join(ROOT, 'scripts/start.mjs')).href)) as {
    buildStalePackages(options: { root?: string; log: (line: string) => void }): string[];
  };
  start.buildStalePackages({ log: (line) => console.log(line) });

  const workDir = mkdtempSync(path.join(tmpdir(), 'duly-bench-web-'));
  const products: Awaited<ReturnType<typeof startProduct>>[] = [];
  let baseline: ReturnType<typeof prepareBaseline> | undefined;
  let browser: Browser | undefined;
  try {
    console.log('Building the minimal page…');
    const minimalDir = await buildMinimalPage(workDir);
    const product = await startProduct(minimalDir, path.join(workDir, 'data'));
    products.push(product);
    console.log(`Product on ${product.baseURL}; creating ${ROW_COUNT} rows of each kind…`);
    const sides: Side[] = [
      { label: 'this tree', baseURL: product.baseURL, token: await seedRows(product.baseURL) },
    ];
    if (BASELINE_REF) {
      console.log(`Baseline ${BASELINE_REF}: checking out and building…`);
      baseline = prepareBaseline(BASELINE_REF, workDir);
      const baselineStart = (await import(
        pathToFileURL(path.join(baseline.root, 'scripts/start.mjs')).href
      )) as typeof start;
      baselineStart.buildStalePackages({ root: baseline.root, log: (line) => console.log(line) });
      const other = await startProduct(
        minimalDir,
        path.join(workDir, 'data-baseline'),
        baseline.root,
      );
      products.push(other);
      sides.push({
        label: BASELINE_REF,
        baseURL: other.baseURL,
        token: await seedRows(other.baseURL),
      });
    }

    assertChromiumInstalled();
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    const results = new Map<string, ScreenResult[]>();
    for (const side of sides) {
      results.set(
        side.label,
        COLD_SCREENS.map((screen) => ({ ...screen, minimal: [], screen: [] })),
      );
      // One warm-up of each, not counted: the server's first answers (file cache, JIT) are not the page's cost.
      for (const screen of COLD_SCREENS) {
        await coldLoad(browser, `${side.baseURL}${minimalUrl(screen.api)}`, FIRST_ROW, side.token);
        await coldLoad(browser, `${side.baseURL}${screen.route}`, FIRST_ROW, side.token);
      }
    }
    for (let run = 1; run <= RUNS; run += 1) {
      // Interleaved, so a slower moment of the machine weighs on every side alike.
      const line: string[] = [];
      for (const [index, screen] of COLD_SCREENS.entries()) {
        for (const side of sides) {
          const result = results.get(side.label)![index]!;
          result.minimal.push(
            await coldLoad(
              browser,
              `${side.baseURL}${minimalUrl(screen.api)}`,
              FIRST_ROW,
              side.token,
            ),
          );
          result.screen.push(
            await coldLoad(browser, `${side.baseURL}${screen.route}`, FIRST_ROW, side.token),
          );
          line.push(
            `${side === sides[0] ? '' : `[${side.label}] `}${screen.route} ${(result.screen.at(-1)!.visibleMs / result.minimal.at(-1)!.visibleMs).toFixed(2)}`,
          );
        }
      }
      process.stdout.write(`  run ${run}/${RUNS}: ${line.join(', ')}\n`);
    }
    const login = await coldLoad(browser, `${product.baseURL}/login`, 'form');

    const loadBefore = loadavg();
    // Every side (this tree, then the baseline), each with its own minimal page first.
    const lighthouseBySide: Record<string, Awaited<ReturnType<typeof runLighthouse>>> = {};
    if (LIGHTHOUSE_RUNS > 0)
      for (const side of sides)
        lighthouseBySide[side.label] = await runLighthouse(
          side.baseURL,
          side.token,
          LIGHTHOUSE_SCREENS,
          LIGHTHOUSE_RUNS,
          LIGHTHOUSE_PRESETS,
          side.label,
        );
    const loadAfter = loadavg();

    const summarise = (result: ScreenResult) => {
      const minimalMs = median(result.minimal.map((load) => load.visibleMs));
      const screenMs = median(result.screen.map((load) => load.visibleMs));
      return {
        route: result.route,
        api: result.api,
        minimalMs,
        screenMs,
        ratio: screenMs / minimalMs,
        minimalSamplesMs: result.minimal.map((load) => load.visibleMs),
        screenSamplesMs: result.screen.map((load) => load.visibleMs),
        javascriptGzipKb: kb(totalBytes(result.screen[0]!.scripts)),
        // The scripts that arrived before the first row: what the screen waited for.
        beforeRowGzipKb: kb(
          totalBytes(
            new Map(
              [...result.screen[0]!.scripts].filter(([url]) =>
                result.screen[0]!.beforeVisible.has(url),
              ),
            ),
          ),
        ),
        scripts: result.screen[0]!.scripts.size,
        scriptFiles: scriptList(result.screen[0]!.scripts),
        minimalJavascriptGzipKb: kb(totalBytes(result.minimal[0]!.scripts)),
      };
    };
    const loginKb = kb(totalBytes(login.scripts));
    const report = {
      date: new Date().toISOString(),
      runs: RUNS,
      rows: ROW_COUNT,
      sides: Object.fromEntries(
        [...results].map(([label, screens]) => [label, screens.map(summarise)]),
      ),
      login: {
        javascriptGzipKb: loginKb,
        scripts: login.scripts.size,
        scriptFiles: scriptList(login.scripts),
      },
      cpuRate: CPU_RATE,
      lighthouse: { runs: LIGHTHOUSE_RUNS, presets: LIGHTHOUSE_PRESETS, figures: lighthouseBySide },
      loadAverage: { beforeLighthouse: loadBefore, afterLighthouse: loadAfter },
    };

    console.log(
      `\nCold load until the first data row (CPU ${CPU_RATE}x, median of ${RUNS}, interleaved, fresh browser context each):`,
    );
    for (const [label, screens] of Object.entries(report.sides)) {
      console.log(`  ${label}:`);
      console.log(
        `    ${'screen'.padEnd(20)} ${'minimal'.padStart(8)} ${'screen'.padStart(8)} ${'ratio'.padStart(6)} ${'JS gz KB'.padStart(9)}  (until the network is idle; before the first row)`,
      );
      for (const figure of screens) {
        const target = COLD_SCREENS.find((screen) => screen.route === figure.route)!.ratioTarget;
        const mark = target
          ? figure.ratio <= RATIO_TARGET
            ? ' (≤ 1.5: met)'
            : ' (≤ 1.5: NOT met)'
          : '';
        console.log(
          `    ${figure.route.padEnd(20)} ${figure.minimalMs.toFixed(0).padStart(8)} ${figure.screenMs.toFixed(0).padStart(8)} ${figure.ratio.toFixed(2).padStart(6)} ${figure.javascriptGzipKb.toFixed(1).padStart(9)}  (before the first row ${figure.beforeRowGzipKb.toFixed(1)})${mark}`,
        );
        // Under the route's line: the files that make up its JS figure.
        if (LIST_SCRIPTS) printScripts(figure.scriptFiles);
      }
      // The target is /tasks's: said only when /tasks was measured (BENCH_SCREENS may leave it out).
      const tasks = screens.find((figure) => figure.route === '/tasks');
      if (tasks)
        console.log(
          `    /tasks signed-in JS ${tasks.javascriptGzipKb.toFixed(1)} KB gz (target ≤ ${TASKS_JS_TARGET_KB}: ${tasks.javascriptGzipKb <= TASKS_JS_TARGET_KB ? 'met' : 'NOT met'}); minimal page ${tasks.minimalJavascriptGzipKb.toFixed(1)} KB gz`,
        );
    }
    console.log(
      `  /login initial JS ${loginKb.toFixed(1)} KB gzipped in ${login.scripts.size} file(s)   (target ≤ ${LOGIN_JS_TARGET_KB} KB: ${loginKb <= LOGIN_JS_TARGET_KB ? 'met' : 'NOT met'})`,
    );
    if (LIST_SCRIPTS) printScripts(report.login.scriptFiles);
    for (const [label, figures] of Object.entries(lighthouseBySide)) {
      if (figures.length === 0) continue;
      console.log(`\n  ${label}:`);
      printLighthouseTable(figures, LIGHTHOUSE_TARGET);
    }
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
    for (const product of products) await product.stop();
    baseline?.remove();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
