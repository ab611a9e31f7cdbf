/**
 * Document uploads under load (issue 26; docs/documents.md). Not a test: it prints figures.
 *
 * Starts the API (src/server.ts, SQLite, a fresh DATA_DIR, the disk store; with
 * DOCUMENTS_BENCH_STORE=s3 the S3 store against an s3rver started by this process) as a child
 * process, signs up an organisation, creates a certificate and a few tasks, then:
 * 1. baseline: `GET /api/v1/tasks` from DOCUMENTS_BENCH_READERS loops (2) for
 *    DOCUMENTS_BENCH_BASELINE_MS (5 s), nothing else running: the requests' p50/p99;
 * 2. load: DOCUMENTS_BENCH_ROUNDS (2) rounds of DOCUMENTS_BENCH_UPLOADS (50) concurrent uploads
 *    of a DOCUMENTS_BENCH_MB (5) MB JPEG each, while the same readers run: their p50/p99.
 * Throughout, the server's resident memory is sampled every 50 ms from /proc/<pid>/status
 * (VmRSS; the kernel's own peak, VmHWM, reset before the uploads, is printed beside it).
 *
 * Targets (issue 26): resident memory under 300 MB, the other requests' p99 under 100 ms.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { startS3Server } from '../api/test/s3-server';
import { freshDatabase, signUp, startApi } from '../api/test/server-process';

const UPLOADS = Number(process.env.DOCUMENTS_BENCH_UPLOADS ?? 50);
const ROUNDS = Number(process.env.DOCUMENTS_BENCH_ROUNDS ?? 2);
const FILE_MB = Number(process.env.DOCUMENTS_BENCH_MB ?? 5);
const READERS = Number(process.env.DOCUMENTS_BENCH_READERS ?? 2);
const BASELINE_MS = Number(process.env.DOCUMENTS_BENCH_BASELINE_MS ?? 5000);
const STORE = process.env.DOCUMENTS_BENCH_STORE === 's3' ? 's3' : 'disk';

function memoryMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

async function send<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A JPEG of `bytes` bytes that the API accepts (its magic number and its end marker). */
function jpegOf(bytes: number, seed: number): Buffer {
  const head = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00,
  ]);
  const body = Buffer.alloc(bytes - head.length - 2, seed & 0xff);
  // Distinct bytes per file: every upload is its own stored file, not a shared hash.
  body.writeUInt32BE(seed, 0);
  return Buffer.concat([head, body, Buffer.from([0xff, 0xd9])]);
}

const BOUNDARY = '----duly-bench-boundary';

function multipartHead(filename: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
}
const MULTIPART_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One upload, the body written in 64 KiB chunks as a client's network would send it. */
function uploadOnce(url: URL, token: string, file: Buffer, name: string): Promise<number> {
  const head = multipartHead(name);
  const length = head.length + file.length + MULTIPART_TAIL.length;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(length),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const chunk = 64 * 1024;
    let offset = 0;
    const writeMore = () => {
      while (offset < file.length) {
        const piece = file.subarray(offset, offset + chunk);
        offset += piece.length;
        if (!req.write(piece)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end(MULTIPART_TAIL);
    };
    writeMore();
  });
}

/** GET /tasks in `readers` loops until `running()` is false; the latencies in ms. */
async function readWhile(base: string, token: string, running: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const loop = async () => {
    while (running()) {
      const started = performance.now();
      const response = await fetch(`${base}/tasks?limit=20`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /tasks: ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: READERS }, loop));
  return latencies;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function startS3(): Promise<{ env: NodeJS.ProcessEnv; stop: () => Promise<void> }> {
  // The tests' server (api/test/s3-server.ts): s3rver on 127.0.0.1, a free port.
  const server = await startS3Server();
  return { env: { DOCUMENTS_S3_URL: server.url }, stop: () => server.destroy() };
}

async function main() {
  const s3 = STORE === 's3' ? await startS3() : undefined;
  const database = await freshDatabase('sqlite', 'duly-documents-bench');
  // The child is the server itself (server-process.ts), whose memory counts.
  const api = await startApi({ database, env: { SCHEDULER: 'off', ...s3?.env } });
  const pid = api.child.pid!;
  try {
    const admin = await signUp(api.base);
    const certificate = await send<{ id: string }>(
      'POST',
      `${api.base}/certificates/`,
      { name: 'Bench certificate', expiry_date: '2030-01-01', reminder_days_before: 30 },
      admin.token,
    );
    for (let index = 0; index < 20; index += 1) {
      await send(
        'POST',
        `${api.base}/tasks/`,
        { title: `Task ${index}`, due_date: '2030-01-01T00:00:00Z' },
        admin.token,
      );
    }
    const files = Array.from({ length: UPLOADS }, (_, index) =>
      jpegOf(FILE_MB * 1024 * 1024, index + 1),
    );
    const uploadUrl = new URL(`${api.base}/certificates/${certificate.id}/documents`);

    // Warm up (JIT, the SQLite page cache, the connection pool), then the baseline.
    await readWhile(
      api.base,
      admin.token,
      (() => {
        const until = performance.now() + 1000;
        return () => performance.now() < until;
      })(),
    );
    const idle = memoryMb(pid);
    const baselineUntil = performance.now() + BASELINE_MS;
    const baseline = await readWhile(
      api.base,
      admin.token,
      () => performance.now() < baselineUntil,
    );

    // The kernel's peak (VmHWM) from here on, not start-up's (tsx transpiling the sources).
    let hwmReset = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      hwmReset = false;
    }
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, memoryMb(pid).rss);
    }, 50);
    let uploading = true;
    const statuses = new Map<number, number>();
    const loadStarted = performance.now();
    const uploads = (async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const answers = await Promise.all(
          files.map((file, index) =>
            uploadOnce(uploadUrl, admin.token, file, `scan-${round}-${index}.jpg`),
          ),
        );
        for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      uploading = false;
    })();
    const [during] = await Promise.all([
      readWhile(api.base, admin.token, () => uploading),
      uploads,
    ]);
    const loadMs = performance.now() - loadStarted;
    clearInterval(sampler);
    const after = memoryMb(pid);
    peakRss = Math.max(peakRss, after.rss);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const megabytes = UPLOADS * ROUNDS * FILE_MB;
    console.log(
      `store: ${STORE}; ${ROUNDS} rounds of ${UPLOADS} concurrent uploads of ${FILE_MB} MB ` +
        `(${megabytes} MB) in ${(loadMs / 1000).toFixed(1)} s ` +
        `(${(megabytes / (loadMs / 1000)).toFixed(0)} MB/s); answers: ` +
        [...statuses].map(([status, count]) => `${count} × ${status}`).join(', '),
    );
    console.log(
      `server resident memory: ${idle.rss} MB before, peak ${peakRss} MB sampled every 50 ms ` +
        `(VmHWM, the kernel's peak ${hwmReset ? 'during the uploads' : 'since start'}: ` +
        `${after.hwm} MB); target: under 300 MB`,
    );
    console.log(
      `GET /tasks, ${READERS} loops: without uploads ${baseline.length} requests, p50 ` +
        `${ms(percentile(baseline, 50))}, p99 ${ms(percentile(baseline, 99))}; during the uploads ` +
        `${during.length} requests, p50 ${ms(percentile(during, 50))}, p99 ` +
        `${ms(percentile(during, 99))}, max ${ms(Math.max(...during))}; target: p99 under 100 ms`,
    );
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    agent.destroy();
    await api.stop();
    await database.drop();
    await s3?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
