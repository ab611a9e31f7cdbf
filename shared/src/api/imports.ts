/**
 * /imports (issue 27) for the Employees and Certificates remotes: the upload goes through
 * axios itself (`uploadImport`: the base query sends JSON, a file needs multipart), the
 * import's progress and its rows through the one api, injected once here.
 */
import { loadAxios } from './lazyAxios';
import { SPREADSHEET_COLUMNS } from '../contract/spreadsheets';
import type { Page } from '../contract/types';
import { baseApi } from './baseApi';
import { apiConfig } from './config';
import { toPage } from './toPage';

export type ImportKind = 'employees' | 'certificates';
export type ImportMode = 'insert' | 'update' | 'upsert';
export type ImportOutcome = 'create' | 'update' | 'unchanged' | 'error';

export interface ImportJob {
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  dry_run: boolean;
  status: 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error?: string;
  file_name: string;
  headers: string[];
  mapping: Record<string, string>;
  sheet: string | null;
  date_order: 'day-first' | 'month-first' | null;
  preview_id: string | null;
}

export interface ImportRowResult {
  row: number;
  outcome: ImportOutcome;
  changes?: Record<string, [unknown, unknown]>;
  errors?: { column: string; message: string }[];
}

/** The fields of each kind, named as the export names its columns (the template's headers). */
export const IMPORT_FIELDS: Record<ImportKind, readonly string[]> = {
  employees: SPREADSHEET_COLUMNS.employees,
  certificates: SPREADSHEET_COLUMNS.certificates,
};

export interface ImportUpload {
  file: File;
  kind: ImportKind;
  mode: ImportMode;
  dryRun: boolean;
  mapping?: Record<string, string>;
  sheet?: string;
  previewId?: string;
  sendInvitations?: boolean;
}

/**
 * The file's bytes, read once: the upload sends what was chosen even if the file on disk
 * changes meanwhile (FileReader reads any Blob the page's file input gives).
 */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** POST /imports as multipart/form-data; the queued import. */
export async function uploadImport(upload: ImportUpload, token: string | null): Promise<ImportJob> {
  const form = new FormData();
  form.append('kind', upload.kind);
  form.append('mode', upload.mode);
  form.append('dry_run', String(upload.dryRun));
  if (upload.mapping) form.append('mapping', JSON.stringify(upload.mapping));
  if (upload.sheet) form.append('sheet', upload.sheet);
  if (upload.previewId) form.append('preview_id', upload.previewId);
  if (upload.sendInvitations) form.append('send_invitations', 'true');
  form.append('file', new Blob([await bytesOf(upload.file)]), upload.file.name);
  const response = await (
    await loadAxios()
  ).post<ImportJob>(`${apiConfig().baseUrl}/imports`, form, {
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
  return response.data;
}

/** GET /imports/{id}/errors.csv as a Blob. */
export async function downloadImportErrors(id: string, token: string | null): Promise<Blob> {
  const response = await (
    await loadAxios()
  ).get<Blob>(`${apiConfig().baseUrl}/imports/${encodeURIComponent(id)}/errors.csv`, {
    responseType: 'blob',
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
  return response.data;
}

export interface ImportRowsParams {
  id: string;
  outcome?: ImportOutcome;
  limit?: number;
  offset?: number;
}

export const importsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    importsGet: build.query<ImportJob, string>({
      query: (id) => ({ url: `/imports/${encodeURIComponent(id)}` }),
    }),
    importsRows: build.query<Page<ImportRowResult>, ImportRowsParams>({
      query: ({ id, ...params }) => ({ url: `/imports/${encodeURIComponent(id)}/rows`, params }),
      transformResponse: (items: ImportRowResult[], meta) => toPage(items, meta),
    }),
  }),
});

export const { useImportsGetQuery, useImportsRowsQuery } = importsApi;
