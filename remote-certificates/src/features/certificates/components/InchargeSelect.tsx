import { type ComponentPropsWithRef } from 'react';
import { personName, Select, type SelectOption } from '@duly/shared';
import { useCertificatesPeopleQuery } from '../api';

export type InchargeSelectProps = Omit<
  ComponentPropsWithRef<'select'>,
  'children' | 'placeholder'
> & {
  label: string;
  error?: string;
};

/**
 * The organisation's people a certificate can be put in charge of, from GET /employees/.
 * 'Loading...' while they load (spec 9); the rest of the form stays usable meanwhile.
 */
export function InchargeSelect({ error, ...selectProps }: InchargeSelectProps) {
  const { data: people, isLoading, isError } = useCertificatesPeopleQuery();
  const options: SelectOption[] = (people ?? []).map((person) => ({
    value: person.id,
    label: personName(person) || person.email,
  }));
  return (
    <Select
      {...selectProps}
      options={options}
      placeholder={isLoading ? 'Loading...' : 'Select Employee'}
      disabled={selectProps.disabled || isLoading}
      error={error || (isError ? 'Failed to fetch employees' : undefined)}
    />
  );
}
