import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { Dialog } from '../dialog/Dialog';
import { Select } from '../form/Select';
import { renderWithTheme } from './renderWithTheme';

function AssignTask() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Button onClick={() => setOpen(true)}>Assign</Button>
      <Dialog
        open={open}
        title="Assign Task"
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => setOpen(false)}>Assign</Button>
          </>
        }
      >
        <Select
          label="Select Employee"
          placeholder="Select Employee"
          options={[{ value: 'u1', label: 'Asha Rao' }]}
        />
      </Dialog>
    </>
  );
}

async function openAssignDialog() {
  const user = userEvent.setup();
  renderWithTheme(<AssignTask />);
  const opener = screen.getByRole('button', { name: 'Assign' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Assign Task' }) };
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes the focus', async () => {
    const { dialog } = await openAssignDialog();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Select Employee')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openAssignDialog();
    const [cancel, assign] = [
      screen.getByRole('button', { name: 'Cancel' }),
      // The dialog's own Assign button, not the opener behind it.
      dialog.querySelectorAll('button')[1],
    ];

    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(assign).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Select Employee')).toHaveFocus();
    await user.tab({ shift: true });
    expect(assign).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to its opener', async () => {
    const { user, opener } = await openAssignDialog();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const { user, dialog, opener } = await openAssignDialog();

    await user.click(screen.getByText('Assign Task'));
    expect(dialog).toBeInTheDocument();

    await user.click(document.querySelector('[data-dialog-backdrop]') as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('renders nothing while closed', () => {
    renderWithTheme(
      <Dialog open={false} title="Assign Certificate" onClose={jest.fn()}>
        body
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks, starts on the safe choice and reports the answer', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithTheme(
      <ConfirmDialog
        open
        title="Mark as Done"
        message="Are you sure you want to mark this task as completed?"
        confirmLabel="Mark as Done"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );

    const dialog = screen.getByRole('dialog', { name: 'Mark as Done' });
    expect(dialog).toHaveTextContent('Are you sure you want to mark this task as completed?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Mark as Done' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
