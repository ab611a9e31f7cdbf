import { useState } from 'react';
import styled from 'styled-components';
import { PAGE_SIZE_MAX } from '@duly/shared/core';
import { ActionDialog, PersonSelect, theme } from '@duly/shared/ui';
import { useTeamMembersQuery } from '../api';

const Subject = styled.p`
  margin: 0 0 ${theme.space(2)};
  color: ${theme.colors.textSecondary};
`;

/** The team, as many as one request may bring: the dropdown of the dialog. */
const TEAM_CHOICES = { limit: PAGE_SIZE_MAX, offset: 0 };

export interface AssignDialogProps {
  /** 'Assign Task' or 'Assign Certificate' (spec 2). */
  title: string;
  /** The task title or certificate name, so the manager sees what they assign. */
  subject: string;
  /** Who has it now (preselected, so the manager sees it before changing it); none: empty. */
  currentAssigneeId?: string | null;
  /** The spec's log text of a failure: 'Error assigning task'. */
  failureLog: string;
  /** Sends the assignment; rejects on failure (an RTK Query `unwrap()`). */
  assign: (employeeId: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Assign a task or certificate to a team member (spec 2 and 4). Assign waits until someone is
 * chosen; success closes the dialog (the table refreshes through its tags); a failure keeps it
 * open, says so inside it and is logged with the spec's text.
 */
export function AssignDialog({
  title,
  subject,
  currentAssigneeId,
  failureLog,
  assign,
  onClose,
}: AssignDialogProps) {
  const team = useTeamMembersQuery(TEAM_CHOICES);
  const [employeeId, setEmployeeId] = useState(currentAssigneeId ?? '');
  return (
    <ActionDialog
      {...{ title, failureLog, onClose }}
      actionLabel="Assign"
      pendingLabel="Assigning..."
      ready={employeeId !== ''}
      send={() => assign(employeeId)}
      onDone={onClose}
      failureText="Assignment failed"
    >
      {({ pending, clearFailure }) => (
        <>
          <Subject>{subject}</Subject>
          <PersonSelect
            label="Select Employee"
            name="employee_id"
            value={employeeId}
            people={{ ...team, data: team.data?.items }}
            placeholder=""
            disabled={pending}
            onChange={(event) => {
              setEmployeeId(event.target.value);
              clearFailure();
            }}
          />
        </>
      )}
    </ActionDialog>
  );
}
