/**
 * Saves a file the API sent (an export, an import's error rows, a template) under `name`:
 * a download fetched with the caller's token, since a plain link would carry no Authorization.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
