#!/usr/bin/env node
// `npm test`: every check in one go — lint, typecheck, the jest suites of every
// package (the API's on SQLite and PostgreSQL), the API tests that a pooler can break once
// more through PgBouncer in transaction mode (when DATABASE_URL is set and pgbouncer is
// installed), then the browser tests. It runs
// every step even after a failure, so one run shows everything that is wrong,
// and ends with one line `N passed, N failed` summing every test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgbouncerBinary, startPgBouncer } from './pgbouncer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'duly-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- jest` runs one step
const tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** A check that is not a test suite (lint, typecheck) counts as one test. */
function check(name, command, args) {
  const ok = run(command, args);
  tally[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failedSteps.push(name);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Runs jest with `args`, adding its tests to the tally; `name` for the failed steps. */
function jestRun(name, args = [], env = {}) {
  const output = path.join(reports, `${name}.json`);
  const ok = run('npx', ['jest', '--ci', '--json', `--outputFile=${output}`, ...args], env);
  const report = readJson(output);
  if (!report) {
    tally.failed += 1;
    failedSteps.push(`${name} (no report)`);
    return;
  }
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load has no failed tests but must still fail the run.
  if (!ok || report.numFailedTestSuites > 0) {
    if (report.numFailedTests === 0) tally.failed += report.numFailedTestSuites || 1;
    failedSteps.push(name);
  }
}

const jest = () => jestRun('jest');

/**
 * The API test files that run a second time through PgBouncer in transaction mode: those that
 * exercise what such a pooler can break, each with its reason. Through the pooler consecutive
 * transactions of one client may run on different server connections, so what is at stake is
 * anything that outlives a transaction or spans several: named (prepared) statements, session
 * settings and locks, LISTEN, a transaction's pipelined statements, row locks held across
 * statements, several instances sharing state in the database, and servers started as an
 * operator would start them behind a pooler (DATABASE_POOLING, DATABASE_DIRECT_URL). The other
 * files run the same kinds of statements and transactions as these, and run on PostgreSQL
 * directly in the jest step. `PGBOUNCER_TESTS=all` runs the whole API project instead (after
 * a change to the database layer, say).
 */
const PGBOUNCER_TESTS = {
  // 8 of its 22 tests answered 500 through the pooler before DATABASE_POOLING (docs/scaling.md).
  auth: 'named statements on every read unless DATABASE_POOLING=transaction; the login limiter',
  sessions: 'a signed-in session: token versions read and raised, sign-out everywhere',
  tasks: 'the lists (named reads and their counts) and saves in one transaction each',
  'deferred-statements':
    'statements pipelined in a transaction: the pooler must keep them on one server connection',
  'sweep-races': 'a row lock (FOR UPDATE) held across the statements of a save, raced by the sweep',
  counters: 'counts kept by triggers; migrations down and up again (the migration lock)',
  imports: 'an import job: many statements in one transaction, all or nothing',
  migrations: 'every migration, down and up, under the migration lock',
  'migration-lock':
    'the migration lock never outlives its transaction: a session lock left on a pooled ' +
    'server connection hung start-ups',
  instances: 'LISTEN on the direct connection, NOTIFY through the pooler: token versions',
  'live-updates': 'NOTIFY duly_changes between two instances, heard on the direct connection',
  'sweep-live': 'the sweep notifies open screens once its batch has committed',
  'shared-limits': 'limits that several instances count in the database, one statement each',
  'user-limits': "a person's request budget shared by two instances",
  reminders: 'two instances claiming the same notices: leases and the ledger, exactly once',
  'reminders-fault':
    'two server processes, a SIGKILL and restarts behind the pooler: leases, migrations at start',
  server: 'a server process started as deployed behind a pooler, and stopped',
  scheduler: 'server processes with the scheduler on, started as deployed behind a pooler',
  durability: 'writes acknowledged by a server process killed mid-write, kept after the restart',
  'repair-counters': 'the repair script as a process on the database the server would use',
};

/**
 * The API tests of PGBOUNCER_TESTS once more, on PostgreSQL through PgBouncer in transaction
 * mode (issue 31): proves that nothing outlives a transaction (named statements, session
 * settings, session locks, temporary tables), with LISTEN on the direct connection as deployed
 * (docs/scaling.md, "Several instances"). Needs DATABASE_URL (a PostgreSQL to put it in
 * front of) and the pgbouncer package; .ci/run installs it. Under CI a missing pgbouncer
 * fails the step rather than skipping it unseen.
 */
async function pgbouncer() {
  const server = process.env.DATABASE_URL;
  const why = !server
    ? 'DATABASE_URL is not set'
    : !pgbouncerBinary()
      ? 'pgbouncer is not installed'
      : '';
  if (why) {
    console.log(`\n$ (API tests through PgBouncer) not run: ${why}`);
    if (process.env.CI) {
      tally.failed += 1;
      failedSteps.push(`pgbouncer (${why})`);
    }
    return;
  }
  let bouncer;
  try {
    bouncer = await startPgBouncer(server);
  } catch (error) {
    console.log(`\n${error.message}`);
    tally.failed += 1;
    failedSteps.push('pgbouncer (did not start)');
    return;
  }
  const startedAt = Date.now();
  const files =
    process.env.PGBOUNCER_TESTS === 'all'
      ? []
      : Object.keys(PGBOUNCER_TESTS).map((name) => `api/test/${name}.test.ts`);
  // A file renamed or removed would otherwise leave the list quietly shorter.
  const missing = files.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    console.log(`\n$ (API tests through PgBouncer) the list names missing files: ${missing}`);
    tally.failed += 1;
    failedSteps.push('pgbouncer (missing files)');
    bouncer.stop();
    return;
  }
  try {
    // --forceExit: the report is written first; a handle left open must not hang `npm test`.
    jestRun('pgbouncer', ['--selectProjects', 'api', '--forceExit', ...files], {
      DULY_TEST_DATABASES: 'postgres',
      DATABASE_URL: bouncer.url,
      DULY_TEST_POSTGRES_DIRECT_URL: server,
      // For the pools' state in the error of a server start that timed out (api/test/startup-diagnostics.ts).
      DULY_TEST_PGBOUNCER_ADMIN_URL: bouncer.adminUrl,
    });
  } finally {
    bouncer.stop();
  }
  console.log(
    `(${files.length ? `${files.length} API test files` : 'the API suite'} through PgBouncer ` +
      `took ${Math.round((Date.now() - startedAt) / 1000)} s)`,
  );
}

function e2e() {
  const output = path.join(reports, 'e2e.json');
  const ok = run('npm', ['run', 'test', '-w', 'e2e', '--', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  const stats = readJson(output)?.stats;
  if (!stats) {
    tally.failed += 1;
    failedSteps.push('e2e (no report)');
    return;
  }
  tally.passed += stats.expected + stats.flaky;
  tally.failed += stats.unexpected;
  tally.skipped += stats.skipped;
  if (!ok || stats.unexpected > 0) {
    if (stats.unexpected === 0) tally.failed += 1;
    failedSteps.push('e2e');
  }
}

const steps = {
  lint: () => {
    check('eslint', 'npx', ['eslint', '.']);
    check('prettier', 'npx', ['prettier', '--check', '.']);
  },
  typecheck: () => check('typecheck', 'npx', ['lerna', 'run', 'typecheck', '--no-progress']),
  jest,
  pgbouncer,
  e2e,
};

for (const [name, step] of Object.entries(steps)) {
  if (only.length === 0 || only.includes(name)) await step();
}
rmSync(reports, { recursive: true, force: true });

if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
const skipped = tally.skipped ? `, ${tally.skipped} skipped` : '';
console.log(`\n${tally.passed} passed, ${tally.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
