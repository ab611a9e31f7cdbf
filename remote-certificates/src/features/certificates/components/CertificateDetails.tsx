import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  formatCalendarDate,
  formatInstant,
  personName,
  type Certificate,
  type Employee,
} from '@duly/shared';
import {
  CERTIFICATE_DETAIL_FORMAT,
  daysUntilExpiryText,
  reminderDate,
  TIMESTAMP_FORMAT,
} from '../dates';
import { certificatePaths } from '../paths';
import { CertificateStatusBadge } from './CertificateStatusBadge';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1.5, 3)};
  margin: 0;

  ${({ theme }) => theme.media.narrow} {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space(0.5)};
  }
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  ${({ theme }) => theme.media.narrow} {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Value = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Description = styled(Value)`
  white-space: pre-wrap;
`;

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
    <Fields>
      <Label>Status</Label>
      <Value>
        <CertificateStatusBadge status={certificate.status} />
      </Value>
      <Label>Issue Date</Label>
      <Value>{formatCalendarDate(certificate.issue_date, CERTIFICATE_DETAIL_FORMAT) || NONE}</Value>
      <Label>Expiry Date</Label>
      <Value>{formatCalendarDate(certificate.expiry_date, CERTIFICATE_DETAIL_FORMAT)}</Value>
      <Label>Days Until Expiry</Label>
      <Value>{daysUntilExpiryText(certificate.expiry_date, now)}</Value>
      <Label>Reminder</Label>
      <Value>
        {certificate.reminder_days_before} {certificate.reminder_days_before === 1 ? 'day' : 'days'}{' '}
        before expiry
      </Value>
      <Label>Reminder Date</Label>
      <Value>{formatCalendarDate(reminder, CERTIFICATE_DETAIL_FORMAT) || NONE}</Value>
      <Label>Department</Label>
      <Value>{certificate.department?.trim() || NONE}</Value>
      <Label>Person in Charge</Label>
      <Value>
        <PersonValue id={certificate.incharge_person_id} name={inchargeName} />
      </Value>
      <Label>Created By</Label>
      <Value>{creator ? <PersonValue id={creator.id} name={creatorName} /> : creatorName}</Value>
      <Label>Description</Label>
      <Description>{certificate.description?.trim() ? certificate.description : NONE}</Description>
      <Label>Created At</Label>
      <Value>{formatInstant(certificate.created_at, TIMESTAMP_FORMAT)}</Value>
      <Label>Last Updated</Label>
      <Value>{formatInstant(certificate.updated_at, TIMESTAMP_FORMAT)}</Value>
    </Fields>
  );
}
