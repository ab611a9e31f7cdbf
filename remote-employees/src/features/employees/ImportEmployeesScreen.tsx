import { ImportScreen } from '@duly/shared/ui';

/** /employees/import (admins; issue 27, docs/import-export.md): loaded when opened. */
export function ImportEmployeesScreen() {
  return <ImportScreen kind="employees" title="Import users" />;
}
