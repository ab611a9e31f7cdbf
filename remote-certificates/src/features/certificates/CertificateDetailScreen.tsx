import { Link, useParams } from 'react-router-dom';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  isNotFound,
  LoadingState,
  PageHeader,
  selectCanManage,
  useAppSelector,
} from '@duly/shared';
import { useCertificatesGetQuery, useCertificatesPeopleQuery } from './api';
import { CertificateDetails } from './components/CertificateDetails';
import { isRenewable, RenewCertificate } from './components/RenewCertificate';
import { certificatePaths } from './paths';

const TITLE = 'Certificate Details';

/**
 * /certificates/{id}: the certificate's page (the spec shows none; a row click leads here).
 * Edit, and Renew for an expired or escalated certificate, for those who may use them.
 */
export function CertificateDetailScreen() {
  const { certificateId = '' } = useParams();
  const { data: certificate, error, isLoading } = useCertificatesGetQuery(certificateId);
  const { data: people } = useCertificatesPeopleQuery();
  const canManage = useAppSelector(selectCanManage);
  const backToCertificates = (
    <Button as={Link} to={certificatePaths.list} variant="text">
      Back to Certificates
    </Button>
  );

  if (isLoading || error || !certificate) {
    let state;
    if (isLoading) state = <LoadingState>Loading certificate...</LoadingState>;
    else if (isNotFound(error))
      state = <EmptyState action={backToCertificates}>Certificate not found</EmptyState>;
    else
      state = (
        <ErrorState action={backToCertificates}>
          Error loading certificate. Please try again later.
        </ErrorState>
      );
    return (
      <>
        <PageHeader title={TITLE} />
        {state}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        actions={
          <>
            {backToCertificates}
            {canManage && isRenewable(certificate) ? (
              <RenewCertificate certificate={certificate} />
            ) : null}
            {canManage ? (
              <Button as={Link} to={certificatePaths.edit(certificate.id)} variant="secondary">
                Edit
              </Button>
            ) : null}
          </>
        }
      />
      <Card title={certificate.name}>
        <CertificateDetails certificate={certificate} people={people} />
      </Card>
    </>
  );
}
