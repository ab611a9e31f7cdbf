import { screen } from '@testing-library/react';
import { Avatar } from '../Avatar';
import { renderWithTheme } from './renderWithTheme';

describe('Avatar', () => {
  it.each([
    ['Asha', 'A'],
    ['asha rao', 'AR'],
    ['Ana Maria Lopez', 'AML'],
  ])('shows the initials of "%s" as %s', (name, expected) => {
    renderWithTheme(<Avatar name={name} />);

    const avatar = screen.getByRole('img', { name });
    expect(avatar).toHaveTextContent(expected);
    expect(avatar.querySelector('svg')).toBeNull();
  });

  it.each([undefined, null, '', '   '])('shows a person icon when the name is %p', (name) => {
    renderWithTheme(<Avatar name={name} />);

    const avatar = screen.getByRole('img', { name: 'User' });
    expect(avatar).toHaveTextContent('');
    expect(avatar.querySelector('svg[data-icon="person"]')).not.toBeNull();
  });

  it('is a 32 px disc', () => {
    renderWithTheme(<Avatar name="Asha Rao" />);
    expect(screen.getByRole('img')).toHaveStyle({ width: '32px', height: '32px' });
  });
});
