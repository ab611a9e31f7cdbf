import { type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../Button';
import { Form } from './Form';
import { FormActions } from './FormActions';
import { useFormReadOnly } from './readOnly';

export interface FormikFormProps {
  /** The form's formik: its submit handler and whether a save is running. */
  formik: { handleSubmit: (event?: FormEvent<HTMLFormElement>) => void; isSubmitting: boolean };
  /** The submit button ('Create Task'), and what it says while the save runs ('Creating...'). */
  submitLabel: string;
  pendingLabel: string;
  /** Cancel, left of the submit button: a link to this path, or a button that calls this. */
  cancel?: string | (() => void);
  children: ReactNode;
}

/**
 * A formik form in the kit's layout: its fields, then the actions row with Cancel (when given)
 * and the submit button, disabled and saying `pendingLabel` while the save runs. Read-only (a
 * `FormCard` or `ReadOnlyForm` with a reason), the fields are disabled and there is no submit
 * button; a dialog's Cancel (a function) then becomes Close, outside the disabled fields.
 */
export function FormikForm({
  formik,
  submitLabel,
  pendingLabel,
  cancel,
  children,
}: FormikFormProps) {
  const closeOutside = useFormReadOnly() && typeof cancel === 'function';
  const form = (
    <Form onSubmit={formik.handleSubmit} aria-busy={formik.isSubmitting}>
      {children}
      {closeOutside ? null : (
        <FormActions>
          {typeof cancel === 'string' ? (
            <Button as={Link} to={cancel} variant="secondary">
              Cancel
            </Button>
          ) : cancel ? (
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </FormActions>
      )}
    </Form>
  );
  if (!closeOutside) return form;
  return (
    <>
      {form}
      <FormActions>
        <Button variant="secondary" onClick={cancel}>
          Close
        </Button>
      </FormActions>
    </>
  );
}
