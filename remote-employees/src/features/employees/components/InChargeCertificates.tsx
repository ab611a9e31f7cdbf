import styled from 'styled-components';
import {
  certificateStatusMeta,
  formatCalendarDate,
  StatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Certificate,
} from '@duly/shared';
import { workPaths } from '../paths';
import { expiringInDays } from '../workSummary';
import { TextLink } from './TextLink';

/** Expiry dates read like the task list's dates, without the time: `Mar 5, 2025`. */
export const EXPIRY_DATE_FORMAT = 'MMM d, yyyy';

const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;

const Soon = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.status.orange.text};
  font-size: ${({ theme }) => theme.fontSizes.caption};
`;

function expiresText(days: number): string {
  if (days === 0) return 'Expires today';
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

/** The certificates the person is in charge of: name (to /certificates/{id}), status and expiry. */
export function InChargeCertificates({
  certificates,
  now,
}: {
  certificates: readonly Certificate[];
  now: Date;
}) {
  return (
    <Table title="Certificates in Charge" minWidth="520px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Certificate</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Expiry Date</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {certificates.map((certificate) => {
          const { label, color } = certificateStatusMeta(certificate.status);
          const days = expiringInDays(certificate, now);
          return (
            <TableRow key={certificate.id}>
              <TableCell>
                <TextLink to={workPaths.certificate(certificate.id)}>{certificate.name}</TextLink>
              </TableCell>
              <OneLineCell>
                <StatusBadge color={color}>{label}</StatusBadge>
              </OneLineCell>
              <OneLineCell>
                {formatCalendarDate(certificate.expiry_date, EXPIRY_DATE_FORMAT)}
                {days !== null ? <Soon>{expiresText(days)}</Soon> : null}
              </OneLineCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
