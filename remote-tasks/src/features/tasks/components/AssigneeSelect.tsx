import { type ComponentPropsWithRef } from 'react';
import { personName, Select, type PersonRef, type SelectOption } from '@duly/shared';
import { useTasksAssigneesQuery } from '../api';

export type AssigneeSelectProps = Omit<
  ComponentPropsWithRef<'select'>,
  'children' | 'placeholder'
> & {
  label: string;
  error?: string;
  /** The task's current assignee, kept as a choice even when the list does not include them. */
  current?: PersonRef | null;
};

/**
 * The people a task can be assigned to, from GET /employees/. 'Loading...' while they load
 * (spec 9); the field stays usable for everything else meanwhile.
 */
export function AssigneeSelect({ current, error, ...selectProps }: AssigneeSelectProps) {
  const { data: employees, isLoading, isError } = useTasksAssigneesQuery();

  const options: SelectOption[] = (employees ?? []).map((employee) => ({
    value: employee.id,
    label: personName(employee) || employee.email,
  }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.unshift({ value: current.id, label: personName(current) || current.id });
  }

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
