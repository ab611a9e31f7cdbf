import styled from 'styled-components';
import { Select, type SelectOption } from '@duly/shared/kit';

const Narrow = styled.div`
  width: 200px;
  max-width: 100%;
`;

export interface StatusFilterSelectProps<S extends string> {
  /** Names the control for screen readers beyond its visible 'Filter by Status' label. */
  name: string;
  /** The statuses besides All, with the spec's labels. */
  options: readonly { value: S; label: string }[];
  /** undefined: All. */
  value: S | undefined;
  onChange: (status: S | undefined) => void;
}

/** 'Filter by Status' (spec 2): All, then the list's statuses; All sends no status. */
export function StatusFilterSelect<S extends string>({
  name,
  options,
  value,
  onChange,
}: StatusFilterSelectProps<S>) {
  const choices: SelectOption[] = options.map(({ value: v, label }) => ({ value: v, label }));
  return (
    <Narrow>
      <Select
        label="Filter by Status"
        name={name}
        value={value ?? ''}
        options={choices}
        placeholder="All"
        onChange={(event) => onChange(options.find((o) => o.value === event.target.value)?.value)}
      />
    </Narrow>
  );
}
