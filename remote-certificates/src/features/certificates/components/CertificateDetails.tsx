import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { personName, type Certificate, type Employee } from '@duly/shared/core';
import { daysUntilExpiryText, formatDate, formatDateTime, reminderDate } from '@duly/shared/dates';
import { CertificateStatusBadge, DetailFields } from '@duly/shared/kit';
import { certificatePaths } from '../paths';
import { theme } from '@duly/shared/kit';

const PersonLink = styled(Link)`
  color: ${theme.colors.primary};
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
  const days = certificate.reminder_days_before;
  const reminder = reminderDate(certificate.expiry_date, days);
  const date = formatDate;
  const creator = people?.find((person) => person.id === certificate.created_by_user_id);
  const creatorName = creator ? personName(creator) || creator.email : people ? NONE : 'Loading...';
  const inchargeName =
    personName(certificate.assigned_to) ||
    personName(people?.find((person) => person.id === certificate.incharge_person_id)) ||
    UNASSIGNED;

  return (
    <DetailFields
      fields={[
        { label: 'Status', value: <CertificateStatusBadge status={certificate.status} /> },
        { label: 'Issue Date', value: date(certificate.issue_date) || NONE },
        { label: 'Expiry Date', value: date(certificate.expiry_date) },
        { label: 'Days Until Expiry', value: daysUntilExpiryText(certificate.expiry_date, now) },
        { label: 'Reminder', value: `${days} ${days === 1 ? 'day' : 'days'} before expiry` },
        { label: 'Reminder Date', value: date(reminder) || NONE },
        { label: 'Department', value: certificate.department?.trim() || NONE },
        {
          label: 'Person in Charge',
          value: <PersonValue id={certificate.incharge_person_id} name={inchargeName} />,
        },
        {
          label: 'Created By',
          value: creator ? <PersonValue id={creator.id} name={creatorName} /> : creatorName,
        },
        {
          label: 'Description',
          value: certificate.description?.trim() ? certificate.description : NONE,
          text: true,
        },
        { label: 'Created At', value: formatDateTime(certificate.created_at) },
        { label: 'Last Updated', value: formatDateTime(certificate.updated_at) },
      ]}
    />
  );
}
