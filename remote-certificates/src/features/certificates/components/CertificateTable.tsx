import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  formatCalendarDate,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Certificate,
} from '@duly/shared';
import { CERTIFICATE_DATE_FORMAT } from '../dates';
import { certificatePaths } from '../paths';
import { CertificateStatusBadge } from './CertificateStatusBadge';

/** Dates and badges never wrap; only the name does, and small screens scroll the table sideways. */
const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;

const NumberCell = styled(OneLineCell)`
  font-variant-numeric: tabular-nums;
`;

/** Wide enough on small screens for the one-line columns plus a readable name column. */
const TABLE_MIN_WIDTH = '640px';

export interface CertificateTableProps {
  certificates: readonly Certificate[];
  /** The order in force (`-expiry_date`); Name, Status and Expiry Date sort the list. */
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  /** Whether the signed-in role may edit (ARCHITECTURE 6); without it there is no Edit column. */
  canEdit: boolean;
}

/**
 * The certificate list (spec 2): Name, Status, Expiry Date, Reminder Days and Edit. A row opens
 * the certificate's page.
 */
export function CertificateTable({
  certificates,
  sort,
  onSortChange,
  canEdit,
}: CertificateTableProps) {
  const sortable = { sort, onSortChange };
  const navigate = useNavigate();
  return (
    <Table aria-label="Certificates" minWidth={TABLE_MIN_WIDTH}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell column="name" {...sortable}>
            Name
          </SortableHeaderCell>
          <SortableHeaderCell column="status" {...sortable}>
            Status
          </SortableHeaderCell>
          <SortableHeaderCell column="expiry_date" {...sortable}>
            Expiry Date
          </SortableHeaderCell>
          <TableHeaderCell>Reminder Days</TableHeaderCell>
          {canEdit ? <TableHeaderCell>Edit</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {certificates.map((certificate) => (
          <TableRow
            key={certificate.id}
            onActivate={() => navigate(certificatePaths.detail(certificate.id))}
          >
            <TableCell>{certificate.name}</TableCell>
            <OneLineCell>
              <CertificateStatusBadge status={certificate.status} />
            </OneLineCell>
            <OneLineCell>
              {formatCalendarDate(certificate.expiry_date, CERTIFICATE_DATE_FORMAT)}
            </OneLineCell>
            <NumberCell>{certificate.reminder_days_before}</NumberCell>
            {canEdit ? (
              <OneLineCell>
                <Button
                  as={Link}
                  to={certificatePaths.edit(certificate.id)}
                  variant="text"
                  size="small"
                  // The row ignores clicks on controls inside it, so this goes to the form only.
                  aria-label={`Edit ${certificate.name}`}
                >
                  Edit
                </Button>
              </OneLineCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
