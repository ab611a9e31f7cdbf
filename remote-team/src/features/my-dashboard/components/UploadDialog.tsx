import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, PAGE_SIZE_MAX } from '@duly/shared/core';
import {
  Button,
  DateField,
  Dialog,
  DocumentPicker,
  Form,
  FormActions,
  Select,
  TextField,
  UploadProgress,
  useDocumentUpload,
} from '@duly/shared/ui';
import { useTeamMyCertificateCreateMutation, useTeamMyCertificatesQuery } from '../api';
import { theme, useSnackbar } from '@duly/shared/kit';

/** The choice of the certificate select that sends a new certificate. */
export const NEW_CERTIFICATE = 'new';

/** Reminder days of a certificate an employee submits; a manager can change them later. */
const NEW_CERTIFICATE_REMINDER_DAYS = 30;

const DATE_HINT = 'Date in India Standard Time (Asia/Kolkata)';

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.error};
  font-weight: 500;
`;

interface Values {
  certificate: string;
  name: string;
  issueDate: string;
  expiryDate: string;
}

type Errors = Partial<Record<keyof Values | 'file', string>>;

function check(values: Values, file: File | undefined): Errors {
  const errors: Errors = {};
  if (!values.certificate) errors.certificate = 'Certificate is required';
  if (values.certificate === NEW_CERTIFICATE && !values.name.trim()) {
    errors.name = 'Name is required';
  }
  if (!values.expiryDate) errors.expiryDate = 'Expiry date is required';
  else if (values.issueDate && values.issueDate > values.expiryDate) {
    errors.expiryDate = 'Expiry date must not be before the issue date';
  }
  if (!file) errors.file = 'Choose the document to upload';
  return errors;
}

function UploadForm({ onClose }: { onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const mine = useTeamMyCertificatesQuery({ limit: PAGE_SIZE_MAX, offset: 0 });
  const [create] = useTeamMyCertificateCreateMutation();
  const upload = useDocumentUpload();
  const [values, setValues] = useState<Values>({
    certificate: '',
    name: '',
    issueDate: '',
    expiryDate: '',
  });
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const isNew = values.certificate === NEW_CERTIFICATE;
  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined });
  };
  const options = [
    ...(mine.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
    { value: NEW_CERTIFICATE, label: 'A new certificate' },
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, file);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    setFailure(undefined);
    try {
      let certificateId = values.certificate;
      if (isNew) {
        // Its dates are the certificate's own: the document then goes with no renewal.
        const created = await create({
          name: values.name.trim(),
          issue_date: values.issueDate || null,
          expiry_date: values.expiryDate,
          reminder_days_before: NEW_CERTIFICATE_REMINDER_DAYS,
        }).unwrap();
        certificateId = created.id;
        setValues((current) => ({ ...current, certificate: created.id }));
      }
      const document = await upload.upload({
        certificateId,
        file,
        ...(isNew
          ? {}
          : { issueDate: values.issueDate || undefined, expiryDate: values.expiryDate }),
      });
      if (!document) return;
      enqueueSnackbar(
        document.status === 'pending' ? 'Certificate sent for approval' : 'Certificate uploaded',
        { variant: 'success' },
      );
      onClose();
    } catch (caught) {
      setFailure(apiErrorMessage(caught, 'The certificate could not be created'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <Select
        label="Certificate"
        required
        placeholder="Select Certificate"
        options={options}
        value={values.certificate}
        onChange={set('certificate')}
        error={errors.certificate}
      />
      {isNew ? (
        <TextField
          label="Name"
          required
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
      ) : null}
      <DateField
        label={isNew ? 'Issue Date' : 'New Issue Date'}
        hint={DATE_HINT}
        value={values.issueDate}
        onChange={set('issueDate')}
      />
      <DateField
        label={isNew ? 'Expiry Date' : 'New Expiry Date'}
        hint={DATE_HINT}
        required
        value={values.expiryDate}
        onChange={set('expiryDate')}
        error={errors.expiryDate}
      />
      <DocumentPicker
        disabled={busy}
        chosen={file?.name}
        onFile={(chosen) => {
          setFile(chosen);
          setErrors({ ...errors, file: undefined });
          upload.clearError();
        }}
      />
      {errors.file ? <ErrorText role="alert">{errors.file}</ErrorText> : null}
      <UploadProgress state={upload} />
      {upload.error || failure ? (
        <ErrorText role="alert">{upload.error ?? failure}</ErrorText>
      ) : null}
      <FormActions>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </FormActions>
    </Form>
  );
}

/** The open dialog with its form: loaded when the employee first clicks "Upload certificate". */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Upload certificate" onClose={onClose} size="medium">
      <UploadForm onClose={onClose} />
    </Dialog>
  );
}
