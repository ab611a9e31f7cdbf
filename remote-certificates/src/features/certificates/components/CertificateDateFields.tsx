import type { FormikProps } from 'formik';
import type { CertificateType } from '@duly/shared/core';
import { bindField, DateField } from '@duly/shared/form-kit';
import { ValidityProposal } from './ValidityProposal';

const DATE_HINT = 'Date in India Standard Time (Asia/Kolkata)';

export interface CertificateDateFieldsProps<Values extends { expiry_date: string }> {
  formik: FormikProps<Values>;
  /** The certificate's type: a typed one is offered the expiry its validity gives. */
  type: Pick<CertificateType, 'name' | 'validity_months'> | undefined;
  expiryLabel: string;
  /**
   * The issue date as a field of the form (`label`), or, where the form has none (Edit), the
   * certificate's own issue date (`date`, `yyyy-MM-dd` or empty) the proposal counts from.
   */
  issue: { label: string } | { date: string };
}

/**
 * A certificate form's dates (create, edit, renew): the issue date, the required expiry date
 * and, between them and the rest of the form, the expiry the type's validity proposes (issue 28).
 */
export function CertificateDateFields<Values extends { expiry_date: string }>({
  formik,
  type,
  expiryLabel,
  issue,
}: CertificateDateFieldsProps<Values>) {
  const issueField = 'issue_date' as keyof Values & string;
  const issueDate = 'date' in issue ? issue.date : String(formik.values[issueField] ?? '');
  return (
    <>
      {'label' in issue ? (
        <DateField label={issue.label} hint={DATE_HINT} {...bindField(formik, issueField)} />
      ) : null}
      <DateField
        label={expiryLabel}
        hint={DATE_HINT}
        required
        {...bindField(formik, 'expiry_date')}
      />
      <ValidityProposal
        issueDate={issueDate}
        expiryDate={formik.values.expiry_date}
        type={type}
        onUse={(date) => void formik.setFieldValue('expiry_date', date)}
      />
    </>
  );
}
