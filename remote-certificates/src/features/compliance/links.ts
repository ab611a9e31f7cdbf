import { itemPath, type ComplianceCell } from '@duly/shared/core';

/**
 * Where a cell leads: its certificate, or for a missing one the "add certificate" form
 * prefilled with the person and the type (`/certificates/create?person=…&type=…`).
 */
export function complianceCellLink(cell: ComplianceCell, personId: string): string | null {
  if (cell.certificate_id) return itemPath('/certificates')(cell.certificate_id);
  if (cell.state === 'missing') {
    const query = new URLSearchParams({ person: personId, type: cell.type_id });
    return `/certificates/create?${query.toString()}`;
  }
  return null;
}

/** The matrix filtered (the dashboards' links): `/compliance?gaps_only=true&team_of=…`. */
export const compliancePath = '/compliance';
