import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';
import { FieldFrame, useFieldIds, type FieldProps } from './Field';

const Input = styled.input`
  ${controlStyles}
`;

export type TextFieldProps = FieldProps & ComponentPropsWithRef<'input'>;

/**
 * A labelled `<input>` (type `text` unless given: `email`, `password`, `tel`, `number`, …).
 * Every native prop and the ref reach the input, so `{...formik.getFieldProps('title')}` works.
 */
export function TextField({ label, error, hint, type = 'text', ...inputProps }: TextFieldProps) {
  const ids = useFieldIds({ error, hint, ...inputProps });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={inputProps.required}>
      <Input type={type} {...inputProps} {...ids.controlProps} />
    </FieldFrame>
  );
}

export type NumberFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>;

/**
 * A whole number's field ('Reminder Days'): a number input in steps of one, with the phone's
 * numeric keypad; `min` and `max` bound it.
 */
export function NumberField(props: NumberFieldProps) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}
