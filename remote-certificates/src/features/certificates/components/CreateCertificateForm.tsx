import { useFormik } from 'formik';
import {
  Button,
  bindField,
  CERTIFICATE_DESCRIPTION_ROWS,
  DateField,
  Form,
  FormActions,
  PersonSelect,
  REMINDER_DAY_CHOICES,
  Select,
  TextArea,
  TextField,
} from '@duly/shared';
import {
  createCertificateInitialValues,
  createCertificateSchema,
  type CreateCertificateFormValues,
} from '../schemas';
import { useCertificatesPeopleQuery } from '../api';

const REMINDER_OPTIONS = REMINDER_DAY_CHOICES.map((days) => ({
  value: days,
  label: `${days} ${days === 1 ? 'day' : 'days'}`,
}));

const DATE_HINT = 'Date in India Standard Time (Asia/Kolkata)';

export interface CreateCertificateFormProps {
  /** Resolves when the save is over (successful or not). */
  onSubmit: (values: CreateCertificateFormValues) => Promise<void>;
}

/**
 * 'Create New Certificate' (spec 2, 5, 9): name, description (3 rows), issue date (optional,
 * not after today), expiry date (not before today), reminder days (1, 3, 7, 15, 30, 60 or 90),
 * department and the person in charge. Rules and messages: the shared yup schema.
 */
export function CreateCertificateForm({ onSubmit }: CreateCertificateFormProps) {
  const people = useCertificatesPeopleQuery();
  const formik = useFormik<CreateCertificateFormValues>({
    initialValues: createCertificateInitialValues,
    validationSchema: createCertificateSchema,
    onSubmit,
  });

  return (
    <Form onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      <TextField label="Name" required {...bindField(formik, 'name')} />
      <TextArea
        label="Description"
        rows={CERTIFICATE_DESCRIPTION_ROWS}
        {...bindField(formik, 'description')}
      />
      <DateField label="Issue Date" hint={DATE_HINT} {...bindField(formik, 'issue_date')} />
      <DateField
        label="Expiry Date"
        hint={DATE_HINT}
        required
        {...bindField(formik, 'expiry_date')}
      />
      <Select
        label="Reminder Days"
        required
        options={REMINDER_OPTIONS}
        placeholder="Select Reminder Days"
        {...bindField(formik, 'reminder_days_before')}
      />
      <TextField label="Department" {...bindField(formik, 'department')} />
      <PersonSelect
        people={people}
        label="Incharge Person"
        required
        {...bindField(formik, 'incharge_person_id')}
      />
      <FormActions>
        <Button type="submit" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Creating...' : 'Create Certificate'}
        </Button>
      </FormActions>
    </Form>
  );
}
