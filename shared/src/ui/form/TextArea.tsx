import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';
import { FieldFrame, useFieldIds, type FieldProps } from './Field';

const Area = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;

export type TextAreaProps = FieldProps & ComponentPropsWithRef<'textarea'>;

/** A labelled `<textarea>`; `rows` sets its height (4 for tasks, 3 for certificates). */
export function TextArea({ label, error, hint, ...areaProps }: TextAreaProps) {
  const ids = useFieldIds({ error, hint, ...areaProps });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={areaProps.required}>
      <Area {...areaProps} {...ids.controlProps} />
    </FieldFrame>
  );
}
