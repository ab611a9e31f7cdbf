import { useEffect } from 'react';
import { useFormik, type FormikHelpers } from 'formik';
import { CERTIFICATE_DESCRIPTION_ROWS, REMINDER_DAY_CHOICES } from '@duly/shared/core';
import { Select, TextField } from '@duly/shared/kit';
import { bindField, FormikForm, PersonSelect, TextArea } from '@duly/shared/form-kit';
import {
  createCertificateInitialValues,
  createCertificateSchema,
  type CreateCertificateFormValues,
} from '../schemas';
import { useCertificatesPeopleQuery, useCertificatesTypesQuery } from '../api';
import { CertificateDateFields } from './CertificateDateFields';

const REMINDER_OPTIONS = REMINDER_DAY_CHOICES.map((days) => ({
  value: days,
  label: `${days} ${days === 1 ? 'day' : 'days'}`,
}));

export interface CreateCertificateFormProps {
  /** Resolves when the save is over (successful or not). */
  onSubmit: (
    values: CreateCertificateFormValues,
    helpers: FormikHelpers<CreateCertificateFormValues>,
  ) => Promise<void>;
  /** A person and a type to start from (the compliance matrix's "add certificate"). */
  prefill?: { incharge_person_id?: string; certificate_type_id?: string };
}

/**
 * 'Create New Certificate' (spec 2, 5, 9): name, description (3 rows), issue date (optional,
 * not after today), expiry date (not before today), reminder days (1, 3, 7, 15, 30, 60 or 90),
 * department and the person in charge. Rules and messages: the shared yup schema.
 */
export function CreateCertificateForm({ onSubmit, prefill }: CreateCertificateFormProps) {
  const people = useCertificatesPeopleQuery();
  const types = useCertificatesTypesQuery();
  const formik = useFormik<CreateCertificateFormValues>({
    initialValues: { ...createCertificateInitialValues, ...prefill },
    validationSchema: createCertificateSchema,
    onSubmit,
  });
  const type = types.data?.find((candidate) => candidate.id === formik.values.certificate_type_id);
  // A typed certificate's name is its type's until someone types another.
  useEffect(() => {
    if (type && formik.values.name === '') void formik.setFieldValue('name', type.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the type changes
  }, [type?.id]);

  return (
    <FormikForm formik={formik} submitLabel="Create Certificate" pendingLabel="Creating...">
      <Select
        label="Certificate Type"
        placeholder="No type"
        options={(types.data ?? []).map((choice) => ({ value: choice.id, label: choice.name }))}
        {...bindField(formik, 'certificate_type_id')}
      />
      <TextField label="Name" required {...bindField(formik, 'name')} />
      <TextArea
        label="Description"
        rows={CERTIFICATE_DESCRIPTION_ROWS}
        {...bindField(formik, 'description')}
      />
      <CertificateDateFields
        formik={formik}
        type={type}
        issue={{ label: 'Issue Date' }}
        expiryLabel="Expiry Date"
      />
      <Select
        label="Reminder Days"
        required
        options={REMINDER_OPTIONS}
        placeholder="Select Reminder Days"
        {...bindField(formik, 'reminder_days_before')}
      />
      {type ? (
        <TextField
          label="Own Reminder Days"
          hint={`Empty: the type's ${type.reminder_offsets.join(', ')} days before expiry`}
          {...bindField(formik, 'reminder_offsets')}
        />
      ) : null}
      <TextField label="Department" {...bindField(formik, 'department')} />
      <PersonSelect
        people={people}
        label="Incharge Person"
        required
        {...bindField(formik, 'incharge_person_id')}
      />
    </FormikForm>
  );
}
