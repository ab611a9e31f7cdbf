/**
 * /imports (issue 27): an admin or a manager (whoever may add employees and certificates;
 * a manager's rows that would make or change an admin are errors) uploads a CSV or .xlsx of employees or certificates; the file
 * is read at once (file-level problems answer 400), its rows stored, and a job in this
 * process plans or applies them (import/job.ts) while the client polls GET /imports/{id}.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { isUniqueViolation } from '../../db/connection';
import { pageOf } from '../../db/list';
import {
  activeImport,
  errorRows,
  findImport,
  insertImport,
  listRowResults,
  ROW_INSERT_BATCH,
  updateImport,
  type ImportRecord,
} from '../../db/repositories/imports';
import type { ImportKind, ImportMode } from '../../db/tables';
import { csvLine, UTF8_BOM } from '../../export/cells';
import { FileError } from '../../import/decode';
import { checkMapping, guessMapping } from '../../import/fields';
import { noticeImportEnded, runImport } from '../../import/job';
import { heapChecked } from '../../import/heap';
import { importLimits } from '../../import/limits';
import { isXlsx, readCsv, readXlsx, type ReadFile } from '../../import/read';
import { nowIso } from '../../lib/dates';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { requireRole } from '../../plugins/auth';
import {
  createImportSchema,
  getImportSchema,
  importErrorsCsvSchema,
  listImportRowsSchema,
} from './schema';

export const ANOTHER_IMPORT =
  'Another import is already running for your organisation. Wait until it has finished, then try again.';

/** A job that has not written for this long died with its process (a restart, a crash). */
export const STALE_AFTER_MS = 5 * 60_000;

const KINDS = ['employees', 'certificates'];
const MODES = ['insert', 'update', 'upsert'];

export function importView(record: ImportRecord) {
  return {
    id: record.id,
    kind: record.kind,
    mode: record.mode,
    dry_run: record.dry_run === 1,
    status: record.status,
    total_rows: record.total_rows,
    processed_rows: record.processed_rows,
    created: record.created,
    updated: record.updated,
    unchanged: record.unchanged,
    failed: record.failed,
    ...(record.error ? { error: record.error } : {}),
    file_name: record.file_name,
    send_invitations: record.send_invitations === 1,
    headers: JSON.parse(record.headers ?? '[]') as string[],
    mapping: JSON.parse(record.mapping ?? '{}') as Record<string, string>,
    sheet: record.sheet,
    date_order: record.date_order as 'day-first' | 'month-first' | null,
    preview_id: record.preview_id,
    created_at: record.created_at,
  };
}

const fileError = (message: string) => badRequest([{ path: 'file', message }]);
const fieldError = (path: string, message: string) => badRequest([{ path, message }]);

const importRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const limits = importLimits(fastify.config);
  const jobs = new Set<Promise<void>>();

  await fastify.register(multipart, {
    limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 100_000, parts: 25 },
  });
  // The server stops after the jobs it runs have written their last row.
  fastify.addHook('onClose', async () => {
    await Promise.allSettled([...jobs]);
  });

  /** A job whose process died is marked failed, so the organisation can import again. */
  async function settleStale(record: ImportRecord): Promise<ImportRecord> {
    if (record.active !== 1 || jobs.size > 0) return record;
    if (Date.now() - Date.parse(record.updated_at) < STALE_AFTER_MS) return record;
    const changes = {
      status: 'failed' as const,
      active: null,
      error:
        'The import was interrupted (the server restarted). Rows already applied stay applied; import the file again to finish.',
      updated_at: nowIso(),
    };
    const settled = { ...record, ...changes };
    await db.transaction().execute(async (trx) => {
      await updateImport(trx, record.organization_id, record.id, changes);
      if (record.dry_run !== 1) await noticeImportEnded(trx, settled, changes.updated_at);
    });
    return settled;
  }

  fastify.post(
    '/imports',
    { schema: createImportSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller } = request;
      if (!request.isMultipart()) throw fieldError('file', 'is required (multipart/form-data)');
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file)
              throw fieldError(part.fieldname, 'is not expected');
            file = { name: part.filename ?? 'upload', bytes: await part.toBuffer() };
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fileError(
            `is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB the import accepts`,
          );
        }
        if (code.startsWith('FST_')) throw fieldError('file', 'could not be read from the request');
        throw error;
      }
      if (!file) throw fileError('is required');
      const kind = fields.kind as ImportKind;
      if (!KINDS.includes(kind)) throw fieldError('kind', `must be one of: ${KINDS.join(', ')}`);
      const mode = (fields.mode || 'upsert') as ImportMode;
      if (!MODES.includes(mode)) throw fieldError('mode', `must be one of: ${MODES.join(', ')}`);
      const dryRun = ['true', '1', 'on'].includes((fields.dry_run ?? '').toLowerCase());
      const sendInvitations =
        kind === 'employees' &&
        ['true', '1', 'on'].includes((fields.send_invitations ?? '').toLowerCase());

      let read: ReadFile;
      try {
        read = isXlsx(file.name, file.bytes)
          ? await readXlsx(file.bytes, fields.sheet || undefined, limits.maxUnpackedBytes)
          : await readCsv(file.bytes);
      } catch (error) {
        if (error instanceof FileError) throw fileError(error.message);
        throw error;
      }
      if (read.headers.every((header) => header === '')) throw fileError('is empty');
      if (read.rowCount === 0) throw fileError('has a header row but no data rows');
      if (read.rowCount > limits.maxRows) {
        throw fileError(`has ${read.rowCount} rows; the import accepts at most ${limits.maxRows}`);
      }
      if (new Set(read.headers.filter(Boolean)).size !== read.headers.filter(Boolean).length) {
        throw fileError('has two columns with the same header');
      }
      let mapping: Record<string, string>;
      if (fields.mapping) {
        try {
          mapping = JSON.parse(fields.mapping) as Record<string, string>;
          if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping))
            throw new Error();
          if (Object.values(mapping).some((value) => typeof value !== 'string')) throw new Error();
        } catch {
          throw fieldError('mapping', 'must be a JSON object of { "header": "field" }');
        }
      } else {
        mapping = guessMapping(kind, read.headers);
      }
      const problem = checkMapping(kind, read.headers, mapping);
      if (problem) throw fieldError('mapping', problem);

      let previewId: string | null = null;
      if (fields.preview_id) {
        const preview = await findImport(db, caller.organization_id, fields.preview_id);
        if (!preview || preview.dry_run !== 1 || preview.kind !== kind) {
          throw fieldError('preview_id', 'is not a preview of this kind in your organisation');
        }
        previewId = preview.id;
      }

      const running = await activeImport(db, caller.organization_id);
      if (running && (await settleStale(running)).active === 1) throw conflict(ANOTHER_IMPORT);
      const now = nowIso();
      const record: ImportRecord = {
        organization_id: caller.organization_id,
        id: randomUUID(),
        created_by_user_id: caller.id,
        kind,
        mode,
        dry_run: dryRun ? 1 : 0,
        send_invitations: sendInvitations ? 1 : 0,
        status: 'queued',
        active: 1,
        file_name: file.name.slice(0, 200),
        sheet: read.sheet,
        date_order: null,
        mapping: JSON.stringify(mapping),
        preview_id: previewId,
        plan_digest: null,
        headers: JSON.stringify(read.headers),
        total_rows: read.rowCount,
        processed_rows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: 0,
        error: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await insertImport(db, record, heapChecked(read.rowBatches(ROW_INSERT_BATCH)));
      } catch (error) {
        // Two uploads at once: the one-active-import index lets one in.
        if (isUniqueViolation(error)) throw conflict(ANOTHER_IMPORT);
        throw error;
      }
      const job = runImport(fastify, record).finally(() => jobs.delete(job));
      jobs.add(job);
      return reply.code(202).send(importView(record));
    },
  );

  async function ownImport(organizationId: string, id: string): Promise<ImportRecord> {
    const record = await findImport(db, organizationId, id);
    if (!record) throw notFound('Import');
    return settleStale(record);
  }

  fastify.get(
    '/imports/:id',
    { schema: getImportSchema, preHandler: requireRole('manager') },
    async (request) =>
      importView(await ownImport(request.caller.organization_id, request.params.id)),
  );

  fastify.get(
    '/imports/:id/rows',
    { schema: listImportRowsSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller, params, query } = request;
      await ownImport(caller.organization_id, params.id);
      const { items, total } = await listRowResults(
        db,
        caller.organization_id,
        params.id,
        query.outcome,
        pageOf(query),
      );
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(
        items.map((item) => ({
          row: item.row,
          outcome: item.outcome!,
          ...(item.changes ? { changes: JSON.parse(item.changes) } : {}),
          ...(item.errors ? { errors: JSON.parse(item.errors) } : {}),
        })),
      );
    },
  );

  fastify.get(
    '/imports/:id/errors.csv',
    { schema: importErrorsCsvSchema, preHandler: requireRole('manager') },
    async (request, reply) => {
      const { caller, params } = request;
      const record = await ownImport(caller.organization_id, params.id);
      const headers = JSON.parse(record.headers ?? '[]') as string[];
      const rows = await errorRows(db, caller.organization_id, params.id);
      let body = UTF8_BOM + csvLine([...headers, 'error'], ',');
      for (const row of rows) {
        const cells = JSON.parse(row.cells) as string[];
        const errors = JSON.parse(row.errors ?? '[]') as { column: string; message: string }[];
        const message = errors
          .map((e) => (e.column ? `${e.column}: ${e.message}` : e.message))
          .join('; ');
        const padded = headers.map((_, index) => cells[index] ?? '');
        body += csvLine([...padded, message], ',');
      }
      const base = record.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-errors.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};

export default importRoutes;
