import { useFormik, type FormikHelpers } from 'formik';
import {
  CERTIFICATE_DESCRIPTION_ROWS,
  REMINDER_DAYS_HINT,
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  type Certificate,
} from '@duly/shared/core';
import { toKolkataDate } from '@duly/shared/dates';
import { NumberField, TextField } from '@duly/shared/kit';
import { bindField, FormikForm, TextArea } from '@duly/shared/form-kit';
import { useCertificatesTypesQuery } from '../api';
import { CertificateDateFields } from './CertificateDateFields';
import { editCertificateSchema, type EditCertificateFormValues } from '../schemas';

export interface EditCertificateFormProps {
  initialValues: EditCertificateFormValues;
  /** Resolves when the save is over (successful or not). */
  onSubmit: (
    values: EditCertificateFormValues,
    helpers: FormikHelpers<EditCertificateFormValues>,
  ) => Promise<void>;
  /** Where Cancel, left of Save, goes back to. */
  cancelTo: string;
  /** The certificate's type and issue date: a typed one is offered the expiry its validity gives. */
  certificate?: Pick<Certificate, 'certificate_type_id' | 'issue_date'>;
}

/**
 * 'Edit Certificate' (spec 2, 5): name, description, expiry date and reminder days 1 to 365 with
 * the spec's hint. Rules and messages: the shared yup schema.
 */
export function EditCertificateForm({
  initialValues,
  onSubmit,
  cancelTo,
  certificate,
}: EditCertificateFormProps) {
  const typeId = certificate?.certificate_type_id ?? null;
  const types = useCertificatesTypesQuery(undefined, { skip: !typeId });
  const type = types.data?.find((candidate) => candidate.id === typeId);
  const issueDate = certificate?.issue_date ? (toKolkataDate(certificate.issue_date) ?? '') : '';
  const formik = useFormik<EditCertificateFormValues>({
    initialValues,
    validationSchema: editCertificateSchema,
    onSubmit,
  });

  return (
    <FormikForm formik={formik} submitLabel="Save" pendingLabel="Saving..." cancel={cancelTo}>
      <TextField label="Name" required {...bindField(formik, 'name')} />
      <TextArea
        label="Description"
        rows={CERTIFICATE_DESCRIPTION_ROWS}
        {...bindField(formik, 'description')}
      />
      {/* Issue 28: the expiry the type's validity gives from the issue date, one click away. */}
      <CertificateDateFields
        formik={formik}
        type={type}
        issue={{ date: issueDate }}
        expiryLabel="Expiry Date"
      />
      <NumberField
        label="Reminder Days"
        min={REMINDER_DAYS_MIN}
        max={REMINDER_DAYS_MAX}
        required
        hint={REMINDER_DAYS_HINT}
        {...bindField(formik, 'reminder_days_before')}
      />
    </FormikForm>
  );
}
