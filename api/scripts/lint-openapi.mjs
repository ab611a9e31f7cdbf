#!/usr/bin/env node
// Lints an OpenAPI document with Redocly's rules (api/redocly.yaml, its known exceptions in
// api/.redocly.lint-ignore.yaml): `node lint-openapi.mjs <document.json>` prints every problem
// and exits 1 when there is any, error or warning.
// A script rather than an import in the test: @redocly/openapi-core is ESM only, and the API
// suite runs as CommonJS under jest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';

const file = process.argv[2];
if (!file) {
  console.error('Usage: node lint-openapi.mjs <openapi.json>');
  process.exit(2);
}
const apiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = await loadConfig({ configPath: path.join(apiDir, 'redocly.yaml') });
const found = await lintFromString({
  source: readFileSync(file, 'utf8'),
  // The name the ignore file knows the document by, wherever the copy being linted lives.
  absoluteRef: path.join(apiDir, 'openapi.json'),
  config,
});
const problems = found.filter((problem) => !problem.ignored);
if (problems.length > 0) {
  // One line a problem, readable in a failed test's output.
  for (const problem of problems) {
    const where = problem.location[0]?.pointer ?? '';
    console.log(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
  }
  console.log(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('OpenAPI document: no error, no warning');
