import { personName, type NamedPerson } from '../../contract/personName';
import { Select, type SelectOption, type SelectProps } from './Select';

/** A person the select offers: an id, a name if they have one, else their email. */
export type PersonChoice = NamedPerson & { id: string; email?: string | null };

export type PersonSelectProps = Omit<SelectProps, 'options'> & {
  /** The people to choose from, as their query returns them (`useTasksAssigneesQuery()`). */
  people: { data?: readonly PersonChoice[]; isLoading: boolean; isError: boolean };
  /** Who holds it now, kept as a choice even when the list does not include them. */
  current?: PersonChoice | null;
};

/**
 * Choose a person (an assignee, the person in charge): 'Loading...' while the people load, the
 * field disabled meanwhile (spec 9), 'Failed to fetch employees' when they could not be fetched.
 */
export function PersonSelect({
  people,
  current,
  error,
  placeholder = 'Select Employee',
  ...selectProps
}: PersonSelectProps) {
  const { data, isLoading, isError } = people;
  const options: SelectOption[] = (data ?? []).map((person) => ({
    value: person.id,
    label: personName(person) || person.email || person.id,
  }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.unshift({ value: current.id, label: personName(current) || current.id });
  }
  return (
    <Select
      {...selectProps}
      options={options}
      placeholder={isLoading ? 'Loading...' : placeholder}
      disabled={selectProps.disabled || isLoading}
      error={error || (isError ? 'Failed to fetch employees' : undefined)}
    />
  );
}
