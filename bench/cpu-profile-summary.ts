/**
 * Summarises a V8 CPU profile (`.cpuprofile`, as `BENCH_CPU_PROF` makes them) as text: where
 * the busy time went, by package and by function, each as a share of the busy samples (idle,
 * program, garbage-collector and module-loading samples are counted apart).
 *
 *   npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top=25]
 *
 * Self time: samples taken in the function itself. Total time: samples with the function
 * anywhere on the stack (counted once per sample, however deep the recursion).
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Samples that are not JavaScript work of the process. */
const NOT_BUSY = new Set(['(idle)', '(program)', '(garbage collector)']);

/**
 * Loading modules (start-up, tsx compiling the sources): counted apart, so that the busy
 * share is what serving requests cost.
 */
const LOADING =
  /^(Module\._load |loadAndTranslate |compileForInternalLoader |run esm\/module_job:)/;

/** `fastify`, `kysely`, `@fastify/compress`, `node:zlib`, `api/src/…` for the project's own. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  const own = /\/((?:api|shared)\/src\/.*)$/.exec(url);
  return own ? own[1] : url;
}

function functionOf({ functionName, url, lineNumber }: CallFrame): string {
  const file = url.split('/').slice(-2).join('/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1).padStart(5)} %`;
}

function table(title: string, counts: Map<string, number>, busy: number, top: number): string {
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [title, ...rows.map(([name, count]) => `  ${percent(count, busy)}  ${name}`)].join('\n');
}

export function summarise(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const sampleCounts = new Map<number, number>();
  for (const id of profile.samples) sampleCounts.set(id, (sampleCounts.get(id) ?? 0) + 1);

  const special = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const selfByPackage = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  let busy = 0;
  const add = (map: Map<string, number>, key: string, n: number) =>
    map.set(key, (map.get(key) ?? 0) + n);

  for (const [id, n] of sampleCounts) {
    const frame = byId.get(id)!.callFrame;
    if (NOT_BUSY.has(frame.functionName)) {
      add(special, frame.functionName, n);
      continue;
    }
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      stack.push(functionOf(byId.get(at)!.callFrame));
    }
    if (stack.some((name) => LOADING.test(name))) {
      add(special, '(loading modules)', n);
      continue;
    }
    busy += n;
    add(selfByFunction, functionOf(frame), n);
    add(selfByPackage, packageOf(frame.url), n);
    for (const name of new Set(stack)) add(totalByFunction, name, n);
  }
  const all = profile.samples.length;
  return [
    `${all} samples: serving ${percent(busy, all)}, ` +
      [...special].map(([name, n]) => `${name} ${percent(n, all)}`).join(', '),
    '',
    table('Self time by package (share of busy samples)', selfByPackage, busy, top),
    '',
    table('Self time by function', selfByFunction, busy, top),
    '',
    table('Total time by function (on the stack)', totalByFunction, busy, top),
  ].join('\n');
}

if (require.main === module) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top]');
    process.exitCode = 1;
  } else {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    console.log(summarise(profile, top ? Number(top) : undefined));
  }
}
