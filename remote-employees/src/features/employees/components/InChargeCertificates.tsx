import styled from 'styled-components';
import { type Certificate } from '@duly/shared/core';
import { formatDate } from '@duly/shared/dates';
import { CertificateStatusBadge, ResourceTable, theme, titleColumn } from '@duly/shared/kit';
import { workPaths } from '../paths';
import { expiringInDays } from '../workSummary';
import { TextLink } from './TextLink';

const Soon = styled.span`
  display: block;
  color: ${theme.colors.status.orange.text};
  font-size: ${theme.fontSizes.caption};
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
  const expiry = (certificate: Certificate) => {
    const days = expiringInDays(certificate, now);
    return (
      <span>
        {formatDate(certificate.expiry_date)}
        {days !== null ? <Soon>{expiresText(days)}</Soon> : null}
      </span>
    );
  };
  return (
    <ResourceTable
      title="Certificates in Charge"
      items={certificates}
      empty="Not in charge of any certificate"
      columns={[
        titleColumn('name', 'Certificate', (c: Certificate) => (
          <TextLink to={workPaths.certificate(c.id)}>{c.name}</TextLink>
        )),
        {
          key: 'status',
          header: 'Status',
          cell: (c) => <CertificateStatusBadge status={c.status} />,
        },
        { key: 'expiry', header: 'Expiry Date', cell: expiry },
      ]}
    />
  );
}
