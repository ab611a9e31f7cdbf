import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { enqueueSnackbar } from 'notistack';
import { act } from 'react';
import { DulyProviders } from '../DulyProviders';

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
      </DulyProviders>,
    );

    expect(screen.getByText('Hello Asha')).toHaveStyle({ color: '#1976d2' });

    act(() => {
      enqueueSnackbar('Task created successfully');
    });
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
  });
});
