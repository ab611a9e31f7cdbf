import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(0.75)};
  min-width: 0;
`;

const Label = styled.label`
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.text};
`;

const RequiredMark = styled.span`
  margin-left: ${theme.space(0.5)};
  color: ${theme.colors.error};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.caption};
  color: ${theme.colors.textSecondary};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.caption};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.error};
`;

/** What every field takes besides the native props of its control. */
export interface FieldProps {
  /** The visible label above the control (every field has one). */
  label: ReactNode;
  /** The validation message under the control; falsy means valid (formik: `touched && error`). */
  error?: ReactNode;
  /** Help text under the control, e.g. the reminder range. */
  hint?: ReactNode;
}

export interface FieldIds {
  id: string;
  invalid: boolean;
  /** Ready to spread on the control: `id`, `aria-invalid`, `aria-describedby`. */
  controlProps: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
  hintId: string;
  errorId: string;
}

/** Ties a control to its label, hint and error through ids (`htmlFor`, `aria-describedby`). */
export function useFieldIds(
  props: Pick<FieldProps, 'error' | 'hint'> & { id?: string; 'aria-describedby'?: string },
): FieldIds {
  const generated = useId();
  const id = props.id ?? `field${generated}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(props.error);
  const describedBy = [
    props['aria-describedby'],
    props.hint ? hintId : undefined,
    invalid ? errorId : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    invalid,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

interface FieldFrameProps extends FieldProps {
  ids: FieldIds;
  required?: boolean;
  children: ReactNode;
}

/** Label above, control, then the hint and the error (in red) under it. */
export function FieldFrame({ ids, label, hint, error, required, children }: FieldFrameProps) {
  return (
    <FieldRoot>
      <Label htmlFor={ids.id}>
        {label}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Label>
      {children}
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {ids.invalid ? <ErrorText id={ids.errorId}>{error}</ErrorText> : null}
    </FieldRoot>
  );
}
