import styled from 'styled-components';
import { Select, statusLabel, TASK_STATUSES, type TaskStatus } from '@duly/shared';

const Narrow = styled.div`
  width: 220px;
  max-width: 100%;
`;

const OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

export interface StatusFilterProps {
  /** undefined: every status. */
  value: TaskStatus | undefined;
  onChange: (status: TaskStatus | undefined) => void;
}

/** Narrows the task list to one status; the choice is kept in the URL by the list screen. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <Narrow>
      <Select
        label="Filter by Status"
        name="status"
        value={value ?? ''}
        options={OPTIONS}
        placeholder="All statuses"
        onChange={(event) =>
          onChange(TASK_STATUSES.find((status) => status === event.target.value))
        }
      />
    </Narrow>
  );
}
