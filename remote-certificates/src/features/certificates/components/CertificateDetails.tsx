import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  formatCalendarDate,
  formatInstant,
  personName,
  type Certificate,
  type Employee,
  DetailLabel,
  DetailList,
  DetailText,
  DetailValue,
} from '@duly/shared';
import {
  CERTIFICATE_DETAIL_FORMAT,
  daysUntilExpiryText,
  reminderDate,
  TIMESTAMP_FORMAT,
} from '../dates';
import { certificatePaths } from '../paths';
import { CertificateStatusBadge } from './CertificateStatusBadge';

const PersonLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
`;

/** Shown for a field the certificate has no value for. */
const NONE = '—';

/** Spec 9: who is in charge when nobody is. */
const UNASSIGNED = 'Unassigned';

function PersonValue({ id, name }: { id: string | null; name: string }) {
  if (!id) return <>{UNASSIGNED}</>;
  return <PersonLink to={certificatePaths.employee(id)}>{name}</PersonLink>;
}

export interface CertificateDetailsProps {
  certificate: Certificate;
  /** The organisation's people, to name the creator; undefined while they load. */
  people: readonly Employee[] | undefined;
  now?: Date;
}

/**
 * The fields of one certificate: status, dates, days until expiry, the reminder and the date it
 * goes out, department, the person in charge and the creator (both linking to their employee
 * page, which remote-employees owns), description and timestamps.
 */
export function CertificateDetails({ certificate, people, now }: CertificateDetailsProps) {
  const reminder = reminderDate(certificate.expiry_date, certificate.reminder_days_before);
  const creator = people?.find((person) => person.id === certificate.created_by_user_id);
  const creatorName = creator ? personName(creator) || creator.email : people ? NONE : 'Loading...';
  const inchargeName =
    personName(certificate.assigned_to) ||
    personName(people?.find((person) => person.id === certificate.incharge_person_id)) ||
    UNASSIGNED;

  return (
    <DetailList>
      <DetailLabel>Status</DetailLabel>
      <DetailValue>
        <CertificateStatusBadge status={certificate.status} />
      </DetailValue>
      <DetailLabel>Issue Date</DetailLabel>
      <DetailValue>
        {formatCalendarDate(certificate.issue_date, CERTIFICATE_DETAIL_FORMAT) || NONE}
      </DetailValue>
      <DetailLabel>Expiry Date</DetailLabel>
      <DetailValue>
        {formatCalendarDate(certificate.expiry_date, CERTIFICATE_DETAIL_FORMAT)}
      </DetailValue>
      <DetailLabel>Days Until Expiry</DetailLabel>
      <DetailValue>{daysUntilExpiryText(certificate.expiry_date, now)}</DetailValue>
      <DetailLabel>Reminder</DetailLabel>
      <DetailValue>
        {certificate.reminder_days_before} {certificate.reminder_days_before === 1 ? 'day' : 'days'}{' '}
        before expiry
      </DetailValue>
      <DetailLabel>Reminder Date</DetailLabel>
      <DetailValue>{formatCalendarDate(reminder, CERTIFICATE_DETAIL_FORMAT) || NONE}</DetailValue>
      <DetailLabel>Department</DetailLabel>
      <DetailValue>{certificate.department?.trim() || NONE}</DetailValue>
      <DetailLabel>Person in Charge</DetailLabel>
      <DetailValue>
        <PersonValue id={certificate.incharge_person_id} name={inchargeName} />
      </DetailValue>
      <DetailLabel>Created By</DetailLabel>
      <DetailValue>
        {creator ? <PersonValue id={creator.id} name={creatorName} /> : creatorName}
      </DetailValue>
      <DetailLabel>Description</DetailLabel>
      <DetailText>{certificate.description?.trim() ? certificate.description : NONE}</DetailText>
      <DetailLabel>Created At</DetailLabel>
      <DetailValue>{formatInstant(certificate.created_at, TIMESTAMP_FORMAT)}</DetailValue>
      <DetailLabel>Last Updated</DetailLabel>
      <DetailValue>{formatInstant(certificate.updated_at, TIMESTAMP_FORMAT)}</DetailValue>
    </DetailList>
  );
}
