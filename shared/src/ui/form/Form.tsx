import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { useFormReadOnly } from './readOnly';
import { theme } from '../theme';

const FormRoot = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2.5)};
  width: 100%;
  max-width: ${theme.layout.formMaxWidth};
`;

/** The fields of a read-only form: one disabled fieldset, laid out like the form itself. */
const ReadOnlyFields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2.5)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

export type FormProps = ComponentPropsWithRef<'form'>;

/**
 * The form layout: one column, at most 640 px. Native validation bubbles are off
 * (`noValidate`): the yup schema's messages show under each field instead. Inside a FormScreen
 * with a `readOnlyReason` every field is disabled and the form cannot be submitted.
 */
export function Form({ noValidate = true, children, onSubmit, ...props }: FormProps) {
  const readOnly = useFormReadOnly();
  if (!readOnly)
    return (
      <FormRoot noValidate={noValidate} onSubmit={onSubmit} {...props}>
        {children}
      </FormRoot>
    );
  return (
    <FormRoot noValidate={noValidate} {...props} onSubmit={(event) => event.preventDefault()}>
      <ReadOnlyFields disabled>{children}</ReadOnlyFields>
    </FormRoot>
  );
}
