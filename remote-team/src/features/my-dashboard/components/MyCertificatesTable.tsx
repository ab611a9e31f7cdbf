import { useNavigate } from 'react-router-dom';
import {
  DATE_FORMATS,
  daysUntilExpiry,
  formatCalendarDate,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Certificate,
} from '@duly/shared';
import { OneLineCell, certificatePath, TeamCertificateStatusBadge } from '../../dashboards';

/** A days count that cannot be computed (no valid expiry date) shows as a dash, not NaN. */
function daysText(expiryDate: string, now: Date): string {
  const days = daysUntilExpiry(expiryDate, now);
  return Number.isNaN(days) ? '—' : String(days);
}

/**
 * My Certificates (spec 2): Certificate, Expiry Date (`Jan 05, 2025`), Status and Days Until
 * Expiry (86,400,000 ms days from now to the expiry date's Asia/Kolkata midnight, rounded up;
 * negative once past). Read-only: a row opens the certificate.
 */
export function MyCertificatesTable({ certificates }: { certificates: readonly Certificate[] }) {
  const navigate = useNavigate();
  // One "now" for every row of a render.
  const now = new Date();
  return (
    <Table aria-label="My Certificates" minWidth="600px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Certificate</TableHeaderCell>
          <TableHeaderCell>Expiry Date</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Days Until Expiry</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {certificates.map((certificate) => (
          <TableRow
            key={certificate.id}
            onActivate={() => navigate(certificatePath(certificate.id))}
          >
            <TableCell>{certificate.name}</TableCell>
            <OneLineCell>
              {formatCalendarDate(certificate.expiry_date, DATE_FORMATS.dashboard)}
            </OneLineCell>
            <OneLineCell>
              <TeamCertificateStatusBadge status={certificate.status} />
            </OneLineCell>
            <OneLineCell>{daysText(certificate.expiry_date, now)}</OneLineCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
