import { personName, type NamedPerson } from '../../contract/personName';
import { Select, type SelectOption, type SelectProps } from './Select';

/** A person the select offers: an id, a name if they have one, else their email. */
export type PersonChoice = NamedPerson & {
  id: string;
  email?: string | null;
  /** An employee's status: an inactive person is offered only to the item already theirs. */
  status?: string | null;
};

export type PersonSelectProps = Omit<SelectProps, 'options'> & {
  /** The people to choose from, as their query returns them (`useTasksAssigneesQuery()`). */
  people: { data?: readonly PersonChoice[]; isLoading: boolean; isError: boolean };
  /** Who holds it now, kept as a choice even when the list does not include them. */
  current?: PersonChoice | null;
};

/**
 * Choose a person (an assignee, the person in charge): 'Loading...' while the people load, the
 * field disabled meanwhile (spec 9), 'Failed to fetch employees' when they could not be fetched.
 * Inactive people are not offered, except the current holder, shown "(inactive)".
 */
export function PersonSelect({
  people,
  current,
  error,
  placeholder = 'Select Employee',
  ...selectProps
}: PersonSelectProps) {
  const { data, isLoading, isError } = people;
  // Nobody is newly given work once deactivated; whoever holds the item stays, marked.
  const offered = (data ?? []).filter(
    (person) => person.status !== 'inactive' || person.id === current?.id,
  );
  const options: SelectOption[] = offered.map((person) => {
    const name = personName(person) || person.email || person.id;
    return { value: person.id, label: person.status === 'inactive' ? `${name} (inactive)` : name };
  });
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
