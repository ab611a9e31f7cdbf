import { useNavigate } from 'react-router-dom';
import {
  Button,
  DATE_FORMATS,
  formatCalendarDate,
  personName,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Certificate,
} from '@duly/shared';
import { UNASSIGNED } from './TeamTasksTable';
import { OneLineCell, certificatePath, TeamCertificateStatusBadge } from '../../dashboards';

export interface TeamCertificatesTableProps {
  certificates: readonly Certificate[];
  /** Opens the Assign dialog for a certificate; absent when the signed-in role cannot assign. */
  onAssign?: (certificate: Certificate) => void;
}

/**
 * Team Certificates (spec 2): Certificate, Employee (the person in charge, 'Unassigned' if
 * none), Expiry Date (`Jan 05, 2025`), Status (escalated orange here) and an Assign button.
 * A row opens the certificate.
 */
export function TeamCertificatesTable({ certificates, onAssign }: TeamCertificatesTableProps) {
  const navigate = useNavigate();
  return (
    <Table aria-label="Team Certificates" minWidth="720px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Certificate</TableHeaderCell>
          <TableHeaderCell>Employee</TableHeaderCell>
          <TableHeaderCell>Expiry Date</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          {onAssign ? <TableHeaderCell>Actions</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {certificates.map((certificate) => (
          <TableRow
            key={certificate.id}
            onActivate={() => navigate(certificatePath(certificate.id))}
          >
            <TableCell>{certificate.name}</TableCell>
            <OneLineCell>{personName(certificate.assigned_to, UNASSIGNED)}</OneLineCell>
            <OneLineCell>
              {formatCalendarDate(certificate.expiry_date, DATE_FORMATS.dashboard)}
            </OneLineCell>
            <OneLineCell>
              <TeamCertificateStatusBadge status={certificate.status} />
            </OneLineCell>
            {onAssign ? (
              <OneLineCell>
                <Button
                  variant="text"
                  size="small"
                  aria-label={`Assign ${certificate.name}`}
                  onClick={() => onAssign(certificate)}
                >
                  Assign
                </Button>
              </OneLineCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
