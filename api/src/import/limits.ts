/**
 * The import's limits (README, docs/import-export.md): data rows and bytes per file from the
 * configuration (IMPORT_MAX_ROWS, IMPORT_MAX_BYTES); an .xlsx may unpack to at most ten times
 * its byte limit (text compresses about that well; a zip bomb unpacks a thousand times more).
 */
import type { AppConfig } from '../plugins/config';

export const DEFAULT_IMPORT_MAX_ROWS = 50_000;
export const DEFAULT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export function importLimits(config: Pick<AppConfig, 'imports'>) {
  const maxRows = config.imports?.maxRows ?? DEFAULT_IMPORT_MAX_ROWS;
  const maxBytes = config.imports?.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  return { maxRows, maxBytes, maxUnpackedBytes: maxBytes * 10 };
}
