import { ImportScreen } from '@duly/shared/ui';

/** /certificates/import (admins; issue 27, docs/import-export.md): loaded when opened. */
export function ImportCertificatesScreen() {
  return <ImportScreen kind="certificates" title="Import certificates" />;
}
