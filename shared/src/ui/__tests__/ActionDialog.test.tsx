import { screen, waitFor } from '@testing-library/react';
import { ActionDialog } from '../dialog/ActionDialog';
import { renderInRouter } from './renderInRouter';

function renderDialog(send: () => Promise<unknown> | false, ready = true) {
  const onDone = jest.fn();
  const onClose = jest.fn();
  const result = renderInRouter(
    <ActionDialog
      title="Assign Thing"
      actionLabel="Assign"
      pendingLabel="Assigning..."
      ready={ready}
      send={send}
      onDone={onDone}
      onClose={onClose}
      failureLog="Error assigning thing"
      failureText="Assignment failed"
    >
      {({ pending }) => <input aria-label="Who" disabled={pending} />}
    </ActionDialog>,
  );
  return { ...result, onDone, onClose };
}

describe('ActionDialog', () => {
  it('waits until ready, then sends and calls onDone; both buttons wait while it runs', async () => {
    const { rerender } = renderDialog(() => Promise.resolve(), false);
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
    rerender(<></>);

    let finish = () => {};
    const { user, onDone } = renderDialog(() => new Promise<void>((r) => (finish = r)));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('button', { name: 'Assigning...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByLabelText('Who')).toBeDisabled();
    finish();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("keeps the dialog open on a failure, says it with the API's message and logs it", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    const error = { status: 409, message: 'Conflict', data: { message: 'Already assigned' } };
    const { user, onDone } = renderDialog(() => Promise.reject(error));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Assignment failed: Already assigned',
    );
    expect(log).toHaveBeenCalledWith('Error assigning thing', error);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeEnabled();
    log.mockRestore();
  });

  it('sends nothing when send answers false', async () => {
    const { user, onDone } = renderDialog(() => false);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
