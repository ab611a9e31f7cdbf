import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';

const FormRoot = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2.5)};
  width: 100%;
  max-width: ${({ theme }) => theme.layout.formMaxWidth};
`;

export type FormProps = ComponentPropsWithRef<'form'>;

/**
 * The form layout: one column, at most 640 px. Native validation bubbles are off
 * (`noValidate`): the yup schema's messages show under each field instead.
 */
export function Form({ noValidate = true, ...props }: FormProps) {
  return <FormRoot noValidate={noValidate} {...props} />;
}
