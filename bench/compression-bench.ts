/**
 * What compressing one API answer costs (issue 16, issue 18): a page of 50 tasks as the API
 * sends it, compressed by each candidate setting, in CPU time per answer and bytes sent.
 * Each setting runs in interleaved rounds (the machine is shared, so every figure is also
 * given as a ratio to gzip level 1 measured in the same rounds).
 *
 *   npx tsx bench/compression-bench.ts
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);

/** A page of 50 tasks shaped like the bench's seed (api-bench.ts) and GET /tasks/'s answer. */
function taskPage(): string {
  const organizationId = randomUUID();
  const admin = { id: randomUUID(), full_name: 'Person0 Bench' };
  const people = Array.from({ length: 20 }, (_, i) => ({
    id: randomUUID(),
    full_name: `Person${i + 1} Bench`,
  }));
  const statuses = ['pending', 'in_progress', 'completed', 'overdue', 'escalated'];
  const now = Date.now();
  const tasks = Array.from({ length: 50 }, (_, i) => {
    const assignee = i % 10 === 0 ? null : people[i % people.length];
    return {
      id: randomUUID(),
      title: `Task ${i + 1}`,
      description: i % 2 ? 'Seeded for the benchmark' : null,
      due_date: new Date(now + ((i % 360) - 180) * 86_400_000 + i * 1000).toISOString(),
      status: statuses[i % statuses.length],
      assigned_to_user_id: assignee?.id ?? null,
      organization_id: organizationId,
      created_by_user_id: admin.id,
      assigner_id: admin.id,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
      ...(assignee ? { assigned_to: assignee } : {}),
      assigner: admin,
    };
  });
  return JSON.stringify(tasks);
}

const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (level: number) => (body: Buffer) => gzipSync(body, { level });

const SETTINGS: [string, (body: Buffer) => Buffer][] = [
  ['gzip 1 (chosen)', gzip(1)],
  ['gzip 3', gzip(3)],
  ['gzip 6 (before)', gzip(6)],
  ['brotli 1 (chosen)', brotli(1)],
  ['brotli 2', brotli(2)],
  ['brotli 3', brotli(3)],
  ['brotli 4 (before)', brotli(4)],
  ['brotli 5', brotli(5)],
];

function cpuMicrosPerCall(compress: (body: Buffer) => Buffer, body: Buffer): number {
  const start = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i += 1) compress(body);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / ITERATIONS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function main(): void {
  const body = Buffer.from(taskPage());
  for (const [, compress] of SETTINGS) compress(body); // warm-up
  const times = new Map<string, number[]>(SETTINGS.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, compress] of SETTINGS)
      times.get(name)!.push(cpuMicrosPerCall(compress, body));
  }
  const baseline = median(times.get('gzip 1 (chosen)')!);
  console.log(
    `A page of 50 tasks, ${body.length} bytes of JSON; CPU µs per answer (median of ${ROUNDS} ` +
      `rounds of ${ITERATIONS}), ${os.cpus().length} CPUs, load average ` +
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
  );
  console.log('');
  console.log('| setting               | bytes | of JSON | CPU µs | vs gzip 1 |');
  console.log('| --------------------- | ----: | ------: | -----: | --------: |');
  for (const [name, compress] of SETTINGS) {
    const size = compress(body).length;
    const micros = median(times.get(name)!);
    console.log(
      `| ${name.padEnd(21)} | ${String(size).padStart(5)} | ${((100 * size) / body.length).toFixed(1).padStart(5)} % | ${micros.toFixed(0).padStart(6)} | ${(micros / baseline).toFixed(2).padStart(9)} |`,
    );
  }
}

main();
