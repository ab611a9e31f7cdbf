/**
 * Moving from the disk store to S3 (issue 26, docs/documents.md): `npm run documents:to-s3`
 * copies DATA_DIR/documents into the bucket under the same keys; a server switched to
 * DOCUMENTS_S3_URL then serves the documents uploaded to the disk. A damaged file is reported
 * and not copied; a second run copies nothing again.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { S3Store } from '../src/documents/s3-store';
import { copyDocumentsToS3 } from '../src/documents/to-s3';
import { MULTIPART_TYPE, PDF, PNG, multipart } from './document-files';
import {
  createCertificate,
  createOrganization,
  setupTestApp,
  testConfig,
  testDatabases,
} from './helper';
import { startS3Server, type TestS3Server } from './s3-server';
import { API_DIR } from './server-process';

/** `npm run documents:to-s3` (its script, as npm runs it) with `env`. */
function runCommand(
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/documents-to-s3.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe.each(testDatabases())('documents:to-s3 on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-to-s3-'));
  const context = setupTestApp(kind, { dataDir });
  let server: TestS3Server;
  let bucket: S3Store;

  beforeAll(async () => {
    server = await startS3Server();
    bucket = new S3Store(server.settings);
  });
  afterAll(async () => {
    bucket.destroy();
    await server.destroy();
  });

  test('copies every file under its key; the S3 server then serves them', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const certificateId = await createCertificate(db, org);
    const documents = [];
    for (const [filename, content] of [
      ['a.pdf', PDF],
      ['b.png', PNG],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/certificates/${certificateId}/documents`,
        headers: { authorization: `Bearer ${org.manager.token}`, 'content-type': MULTIPART_TYPE },
        payload: multipart([{ filename, content }]),
      });
      expect(response.statusCode).toBe(201);
      documents.push(response.json());
    }
    // A file whose bytes are not what its name says.
    const damaged = `${org.id}/${'0'.repeat(64)}`;
    mkdirSync(path.join(dataDir, 'documents', org.id), { recursive: true });
    writeFileSync(path.join(dataDir, 'documents', damaged), 'not these bytes');

    const first = await copyDocumentsToS3(path.join(dataDir, 'documents'), bucket);
    const keys = documents.map((document) => `${org.id}/${document.sha256}`).sort();
    expect(first).toEqual({ copied: keys, skipped: [], damaged: [damaged] });
    expect((await bucket.keys()).sort()).toEqual(keys);

    // Again, through the command: nothing to copy, the damaged file named, exit code 1.
    // Not spawnSync: the S3 server runs in this process and must answer the command.
    const run = await runCommand({ DATA_DIR: dataDir, DOCUMENTS_S3_URL: server.url });
    expect(run.stdout).toMatch(/0 copied, 2 already there, 1 damaged\./);
    expect(run.stderr).toContain(`${damaged}: its bytes do not match its hash`);
    expect(run.status).toBe(1);

    // A server on S3 (and an empty disk) serves what was uploaded to the disk.
    const onS3 = await buildApp({
      config: testConfig({
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'duly-documents-on-s3-')),
        documentsS3: server.settings,
      }),
      db,
    });
    try {
      const content = await onS3.inject({
        method: 'GET',
        url: `/api/v1/documents/${documents[0].id}/content`,
        headers: { authorization: `Bearer ${org.manager.token}`, range: 'bytes=0-3' },
      });
      expect(content.statusCode).toBe(206);
      expect(content.payload).toBe('%PDF');
      const whole = await onS3.inject({
        method: 'GET',
        url: `/api/v1/documents/${documents[1].id}/content`,
        headers: { authorization: `Bearer ${org.manager.token}` },
      });
      expect(whole.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await onS3.close();
    }
  });
});
