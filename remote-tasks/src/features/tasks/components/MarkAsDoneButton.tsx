import { useState } from 'react';
import { Button, ConfirmDialog, useSaveThenGo } from '@duly/shared/ui';
import { useTasksMarkDoneMutation } from '../api';

export const MARKED_DONE = 'Task marked as done';

/**
 * 'Mark as Done' (spec 2 and 4): asks for confirmation, then sets the task's status to completed.
 * The mutation invalidates the task, the task lists and the dashboard, so the page re-renders
 * with the new status and this button disappears.
 */
export function MarkAsDoneButton({ taskId }: { taskId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [markDone, { isLoading }] = useTasksMarkDoneMutation();
  // The spec names no text for it; a toast says the click did what was asked (issue 33).
  const save = useSaveThenGo({ success: MARKED_DONE, failure: 'Failed to update task' });

  async function handleConfirm() {
    setConfirming(false);
    await save(markDone(taskId));
  }

  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={isLoading}>
        {isLoading ? 'Marking as Done...' : 'Mark as Done'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Mark as Done"
        message="Are you sure you want to mark this task as completed?"
        confirmLabel="Mark as Done"
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
