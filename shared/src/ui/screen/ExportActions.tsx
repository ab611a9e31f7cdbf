import { useState } from 'react';
import { useSelector } from 'react-redux';
import { loadAxios } from '../../api/lazyAxios';
import { apiConfig } from '../../api/config';
import { selectToken } from '../../auth/selectors';
import { Button } from '../Button';
import { saveBlob } from './saveBlob';

export interface ExportActionsProps {
  /** The list's export route (`/certificates/export`). */
  path: string;
  /** The list's current filters, search and sort (the list query without its page). */
  params: Record<string, unknown>;
}

/**
 * "Export CSV" and "Export Excel" on a list screen: the whole list with its current filters,
 * search and sort, as the API streams it (GET <list>/export, docs/import-export.md).
 */
export function ExportActions({ path, params }: ExportActionsProps) {
  const token = useSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setFailed(false);
    try {
      const { limit: _limit, offset: _offset, ...filters } = params;
      const response = await (
        await loadAxios()
      ).get<Blob>(`${apiConfig().baseUrl}${path}`, {
        params: { ...filters, format },
        responseType: 'blob',
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      });
      const disposition = String(response.headers['content-disposition'] ?? '');
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `export.${format}`;
      saveBlob(response.data, name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void download('csv')}>
        Export CSV
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => void download('xlsx')}>
        Export Excel
      </Button>
      {failed ? <span role="alert">Export failed. Please try again.</span> : null}
    </>
  );
}
