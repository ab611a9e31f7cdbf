import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { act } from 'react';
import { DulyProviders } from '../DulyProviders';
import { themeValues } from '../theme';
import { useSnackbar, type ShowToast } from '../Toast';

/** The providers' toast function, as a screen gets it. */
let enqueueSnackbar: ShowToast = () => {
  throw new Error('not rendered');
};
function ToastSender() {
  enqueueSnackbar = useSnackbar().enqueueSnackbar;
  return null;
}

const Themed = styled.p`
  color: ${({ theme }) => theme.colors.primary};
`;

function Greeting() {
  const name = useSelector((state: { greeting: string }) => state.greeting);
  return <Themed>Hello {name}</Themed>;
}

describe('DulyProviders', () => {
  it('gives its children the store, the theme and the toast host', async () => {
    const store = configureStore({ reducer: { greeting: () => 'Asha' } });
    render(
      <DulyProviders store={store}>
        <Greeting />
        <ToastSender />
      </DulyProviders>,
    );

    expect(screen.getByText('Hello Asha')).toHaveStyle({ color: '#1976d2' });

    act(() => {
      enqueueSnackbar('Task created successfully');
    });
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
  });

  it('shows toasts in colours that white text can be read on', async () => {
    const store = configureStore({ reducer: { greeting: () => 'Asha' } });
    render(
      <DulyProviders store={store}>
        <ToastSender />
      </DulyProviders>,
    );
    // No message yet: notistack is not loaded, so no toast container either.
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    act(() => {
      enqueueSnackbar('Task created successfully', { variant: 'success' });
      enqueueSnackbar('Failed to update task', { variant: 'error' });
    });

    const success = (await screen.findByText('Task created successfully')).closest(
      '[role="alert"]',
    );
    const failure = screen.getByText('Failed to update task').closest('[role="alert"]');
    // notistack's own green (#43a047) gives white text 3.3:1; the theme's reaches 5.1:1.
    expect(success).toHaveStyle({ backgroundColor: themeValues.colors.status.green.main });
    expect(failure).toHaveStyle({ backgroundColor: themeValues.colors.error });
  });
});
