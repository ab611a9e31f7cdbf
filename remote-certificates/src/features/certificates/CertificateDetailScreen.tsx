import { Link, useParams } from 'react-router-dom';
import { selectCanManage, useAppSelector } from '@duly/shared/core';
import { Button, Card, History, ItemScreen } from '@duly/shared/ui';
import { useCertificatesGetQuery, useCertificatesPeopleQuery } from './api';
import { CertificateDetails } from './components/CertificateDetails';
import { CertificateDocuments } from './components/CertificateDocuments';
import { isRenewable, RenewCertificate } from './components/RenewCertificate';
import { certificatePaths } from './paths';
import { BACK_TO_CERTIFICATES, CERTIFICATE_TEXTS } from './texts';

/**
 * /certificates/{id}: the certificate's page (the spec shows none; a row click leads here).
 * Edit for those who may use it; Renew for an expired, escalated or soon expiring certificate
 * (read-only, with the reason, for an employee).
 */
export function CertificateDetailScreen() {
  const { certificateId = '' } = useParams();
  const query = useCertificatesGetQuery(certificateId);
  const { data: people } = useCertificatesPeopleQuery();
  const canManage = useAppSelector(selectCanManage);
  return (
    <ItemScreen
      query={query}
      title="Certificate Details"
      texts={CERTIFICATE_TEXTS}
      back={BACK_TO_CERTIFICATES}
      actions={(certificate) => (
        <>
          {/* Offered to everyone who sees a renewable certificate: an employee's dialog says
              why it is read-only and what they can do instead (issue 33 item 4). */}
          {isRenewable(certificate) ? <RenewCertificate certificate={certificate} /> : null}
          {canManage ? (
            <Button as={Link} to={certificatePaths.edit(certificate.id)} variant="secondary">
              Edit
            </Button>
          ) : null}
        </>
      )}
    >
      {(certificate) => (
        <>
          <Card title={certificate.name}>
            <CertificateDetails certificate={certificate} people={people} />
          </Card>
          <CertificateDocuments certificate={certificate} />
          <History entityType="certificate" entityId={certificate.id} />
        </>
      )}
    </ItemScreen>
  );
}
