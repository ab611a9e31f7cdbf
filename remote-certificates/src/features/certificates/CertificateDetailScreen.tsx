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
 * Edit, and Renew for an expired or escalated certificate, for those who may use them.
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
      actions={(certificate) =>
        canManage ? (
          <>
            {isRenewable(certificate) ? <RenewCertificate certificate={certificate} /> : null}
            <Button as={Link} to={certificatePaths.edit(certificate.id)} variant="secondary">
              Edit
            </Button>
          </>
        ) : null
      }
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
