import { type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from '../icons';
import { controlStyles } from './controlStyles';
import { FieldFrame, useFieldIds, type FieldProps } from './Field';
import { theme } from '../theme';

const Wrapper = styled.div`
  position: relative;

  & > svg {
    position: absolute;
    top: 50%;
    right: ${theme.space(1)};
    transform: translateY(-50%);
    pointer-events: none;
    color: ${theme.colors.textSecondary};
  }
`;

const NativeSelect = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: ${theme.space(5)};
  cursor: pointer;
`;

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export type SelectProps = FieldProps &
  ComponentPropsWithRef<'select'> & {
    options: readonly SelectOption[];
    /** A first option with an empty value, e.g. "Select Employee". */
    placeholder?: string;
  };

/** A labelled native `<select>` (keyboard and screen reader behaviour come for free). */
export function Select({ label, error, hint, options, placeholder, ...selectProps }: SelectProps) {
  const ids = useFieldIds({ error, hint, ...selectProps });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={selectProps.required}>
      <Wrapper>
        <NativeSelect {...selectProps} {...ids.controlProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <ChevronDownIcon size={20} />
      </Wrapper>
    </FieldFrame>
  );
}
