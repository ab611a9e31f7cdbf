/**
 * "Import" of the Employees and Certificates screens (issue 27, docs/import-export.md): choose a
 * file, the mode (and the sheet, invitations), preview what every row would do (nothing is
 * changed), correct the column mapping, then import exactly what the preview showed; a
 * progress bar while the job runs, the result and the CSV of the rows not imported.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  IMPORT_FIELDS,
  downloadImportErrors,
  uploadImport,
  useImportsGetQuery,
  useImportsRowsQuery,
  type ImportJob,
  type ImportKind,
  type ImportMode,
  type ImportRowResult,
} from '../../api/imports';
import { selectCanManage, selectToken } from '../../auth/selectors';
import { Button } from '../Button';
import { Card } from '../Card';
import { ErrorState } from '../ErrorState';
import { Select } from '../form/Select';
import { TextField } from '../form/TextField';
import { PageHeader } from '../PageHeader';
import { Pagination } from '../Pagination';
import { FormReadOnlyContext } from '../form/readOnly';
import { LoadingState } from '../LoadingState';
import { ReadOnlyNotice } from './FormScreen';
import { ResourceTable } from './ResourceTable';
import { saveBlob } from './saveBlob';
import { theme } from '../theme';

export interface ImportScreenProps {
  kind: ImportKind;
  /** 'Import users', 'Import certificates'. */
  title: string;
}

/** What the screen says at its top to an employee, the upload read-only (issue 33 item 4). */
export const IMPORT_READ_ONLY: Record<ImportKind, string> = {
  employees: 'Only managers and admins can import users.',
  certificates: 'Only managers and admins can import certificates.',
};

/** The upload's fields, disabled at once for a person who may not import. */
const Fields = styled.fieldset`
  display: contents;
  margin: 0;
  padding: 0;
  border: 0;
`;

const PAGE_SIZE = 50;
const POLL_MS = 500;

const MODES: { value: ImportMode; label: string }[] = [
  { value: 'upsert', label: 'Add new and update existing' },
  { value: 'insert', label: 'Add new only' },
  { value: 'update', label: 'Update existing only' },
];

const OUTCOME_LABELS: Record<ImportRowResult['outcome'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/**
 * A white card (the Card's own surface: `forwardedAs` keeps it when the card is a form; a
 * plain `as` would drop the Card and its background).
 */
const Section = styled(Card)`
  display: grid;
  gap: ${theme.space(2)};
  padding: ${theme.space(2)};
  margin-bottom: ${theme.space(2)};
  & > h2 {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  align-items: end;
`;

const ErrorText = styled.span`
  color: ${theme.colors.error};
  font-weight: 500;
`;

const Progress = styled.progress`
  width: 100%;
  height: ${theme.space(1)};
`;

/** The template: the headers an export writes, UTF-8 with BOM. */
function downloadTemplate(kind: ImportKind): void {
  const blob = new Blob([`\uFEFF${IMPORT_FIELDS[kind].join(',')}\r\n`], { type: 'text/csv' });
  saveBlob(blob, `${kind}-template.csv`);
}

function describeRow(result: ImportRowResult) {
  if (result.errors?.length) {
    return (
      <ErrorText>
        {result.errors.map((error) => `${error.column}: ${error.message}`).join('; ')}
      </ErrorText>
    );
  }
  if (!result.changes) return '';
  return Object.entries(result.changes)
    .map(([field, [before, after]]) =>
      before === null
        ? `${field}: ${String(after)}`
        : `${field}: ${String(before)} → ${String(after)}`,
    )
    .join('; ');
}

function useJob(id: string | undefined) {
  const [done, setDone] = useState(false);
  const query = useImportsGetQuery(id ?? '', {
    skip: !id,
    pollingInterval: id && !done ? POLL_MS : 0,
  });
  const finished = query.data?.id === id && ['done', 'failed'].includes(query.data?.status ?? '');
  useEffect(() => setDone(finished), [finished]);
  useEffect(() => setDone(false), [id]);
  return id && query.data?.id === id ? query.data : undefined;
}

function JobProgress({ job }: { job: ImportJob }) {
  if (job.status === 'done' || job.status === 'failed') return null;
  return (
    <label>
      {job.dry_run ? 'Checking rows' : 'Importing'}: {job.processed_rows} of {job.total_rows}
      <Progress max={job.total_rows || 1} value={job.processed_rows} />
    </label>
  );
}

function Counts({ job }: { job: ImportJob }) {
  const verb = job.dry_run ? 'would be' : '';
  return (
    <p role="status">
      {job.created} {verb} created, {job.updated} {verb} updated, {job.unchanged} unchanged,{' '}
      {job.failed} with errors (of {job.total_rows} rows).
      {job.date_order
        ? ` Dates such as 03/04/2025 are read ${job.date_order === 'day-first' ? 'day first (3 April)' : 'month first (4 March)'}.`
        : ''}
    </p>
  );
}

function RowResults({ id, errorsOnly }: { id: string; errorsOnly: boolean }) {
  const [page, setPage] = useState(1);
  const rows = useImportsRowsQuery({
    id,
    outcome: errorsOnly ? 'error' : undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  // Until the first page is in (or if it cannot be read), say so: an empty table would tell
  // the person the import has no rows.
  if (rows.isLoading) return <LoadingState>Loading the rows...</LoadingState>;
  if (rows.isError && !rows.data) {
    return (
      <ErrorState
        action={
          <Button variant="secondary" onClick={() => rows.refetch()}>
            Retry
          </Button>
        }
      >
        The rows could not be loaded.
      </ErrorState>
    );
  }
  const items = rows.data?.items ?? [];
  return (
    <>
      <ResourceTable
        label="Rows"
        items={items}
        rowKey={(item) => String(item.row)}
        empty="No rows to show"
        columns={[
          { key: 'row', header: 'Row', cell: (item) => item.row, width: '80px', numeric: true },
          {
            key: 'outcome',
            header: 'Outcome',
            cell: (item) =>
              item.outcome === 'error' ? (
                <ErrorText>{OUTCOME_LABELS.error}</ErrorText>
              ) : (
                OUTCOME_LABELS[item.outcome]
              ),
            width: '120px',
          },
          { key: 'details', header: 'Details', cell: describeRow, wrap: true },
        ]}
      />
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.data?.total ?? 0}
        onPageChange={setPage}
      />
    </>
  );
}

export function ImportScreen({ kind, title }: ImportScreenProps) {
  const token = useSelector(selectToken);
  // The API lets managers and admins import (POST /imports); others see why, read-only.
  const readOnly = !useSelector(selectCanManage);
  // `?import=<id>`: the bell's link to an import that ended opens its result.
  const [searchParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [sheet, setSheet] = useState('');
  const [invite, setInvite] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string> | undefined>();
  const [previewId, setPreviewId] = useState<string>();
  const [applyId, setApplyId] = useState<string | undefined>(
    () => searchParams.get('import') ?? undefined,
  );
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const preview = useJob(previewId);
  const applied = useJob(applyId);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const job = await uploadImport(
        {
          file,
          kind,
          mode,
          dryRun,
          mapping,
          sheet: sheet || undefined,
          previewId: dryRun ? undefined : previewId,
          sendInvitations: kind === 'employees' && invite,
        },
        token,
      );
      if (dryRun) {
        setApplyId(undefined);
        setPreviewId(job.id);
      } else setApplyId(job.id);
    } catch (error) {
      const data = (error as { response?: { data?: { message?: string } } }).response?.data;
      setProblem(data?.message ?? 'The file could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  const downloadErrors = async (id: string) => {
    saveBlob(await downloadImportErrors(id, token), `${kind}-errors.csv`);
  };

  const shownMapping = mapping ?? preview?.mapping ?? {};
  const previewDone = preview?.status === 'done';

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button variant="secondary" onClick={() => downloadTemplate(kind)}>
            Download template
          </Button>
        }
      />
      {readOnly ? <ReadOnlyNotice>{IMPORT_READ_ONLY[kind]}</ReadOnlyNotice> : null}
      <FormReadOnlyContext.Provider value={readOnly}>
        <Section
          forwardedAs="form"
          onSubmit={readOnly ? (event: FormEvent) => event.preventDefault() : onPreview}
          aria-label="Upload"
        >
          <Fields disabled={readOnly}>
            <Row>
              <label>
                File (.csv or .xlsx)
                <br />
                <input
                  type="file"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setMapping(undefined);
                    setPreviewId(undefined);
                    setApplyId(undefined);
                  }}
                />
              </label>
              <Select
                label="Mode"
                options={MODES}
                value={mode}
                onChange={(event) => setMode(event.target.value as ImportMode)}
              />
              {file && /\.xlsx$/i.test(file.name) ? (
                <TextField
                  label="Sheet (first if empty)"
                  value={sheet}
                  onChange={(event) => setSheet(event.target.value)}
                />
              ) : null}
              {kind === 'employees' ? (
                <label>
                  <input
                    type="checkbox"
                    checked={invite}
                    onChange={(event) => setInvite(event.target.checked)}
                  />{' '}
                  Send invitations
                </label>
              ) : null}
              <Button type="submit" disabled={!file || busy}>
                Preview
              </Button>
            </Row>
          </Fields>
          {problem ? <ErrorText role="alert">{problem}</ErrorText> : null}
        </Section>
      </FormReadOnlyContext.Provider>

      {preview && !applied ? (
        <Section aria-label="Preview">
          <h2>Preview (nothing has been changed yet)</h2>
          <JobProgress job={preview} />
          {preview.status === 'failed' ? <ErrorText role="alert">{preview.error}</ErrorText> : null}
          {previewDone ? (
            <>
              <Counts job={preview} />
              <Row>
                {preview.headers.map((header) => (
                  <Select
                    key={header}
                    label={`Column "${header}"`}
                    placeholder="(ignore)"
                    options={IMPORT_FIELDS[kind].map((field) => ({ value: field, label: field }))}
                    value={shownMapping[header] ?? ''}
                    onChange={(event) =>
                      setMapping({ ...shownMapping, [header]: event.target.value })
                    }
                  />
                ))}
              </Row>
              <Row>
                {mapping ? (
                  <Button variant="secondary" disabled={busy} onClick={() => void send(true)}>
                    Preview again with this mapping
                  </Button>
                ) : null}
                <Button
                  disabled={busy || Boolean(mapping) || preview.created + preview.updated === 0}
                  onClick={() => void send(false)}
                >
                  Import
                </Button>
              </Row>
              <RowResults id={preview.id} errorsOnly={false} />
            </>
          ) : null}
        </Section>
      ) : null}

      {applied ? (
        <Section aria-label="Result">
          <h2>Import</h2>
          <JobProgress job={applied} />
          {applied.status === 'failed' ? <ErrorText role="alert">{applied.error}</ErrorText> : null}
          {applied.status === 'done' ? (
            <>
              <Counts job={applied} />
              {applied.failed > 0 ? (
                <>
                  <Button variant="secondary" onClick={() => void downloadErrors(applied.id)}>
                    Download rows with errors (CSV)
                  </Button>
                  <RowResults id={applied.id} errorsOnly />
                </>
              ) : null}
            </>
          ) : null}
        </Section>
      ) : null}
    </>
  );
}
