import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar } from '../Avatar';
import { Menu } from '../menu/Menu';
import { renderWithTheme } from './renderWithTheme';

function AccountMenu({ onProfile = jest.fn(), onLogout = jest.fn() }) {
  return (
    <>
      <Menu
        label="Account menu"
        trigger={<Avatar name="Asha Rao" />}
        items={[
          { type: 'header', label: 'Acme Labs' },
          { label: 'Profile', onSelect: onProfile },
          { label: 'Logout', onSelect: onLogout },
        ]}
      />
      <button type="button">After</button>
    </>
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Account menu' });

describe('Menu', () => {
  it('opens on click with the header and items, and says so on its button', async () => {
    const user = userEvent.setup();
    renderWithTheme(<AccountMenu />);
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());

    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveTextContent('Acme Labs');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('is operated with the keyboard: arrows move, Enter selects, focus returns', async () => {
    const user = userEvent.setup();
    const onLogout = jest.fn();
    renderWithTheme(<AccountMenu onLogout={onLogout} />);

    await user.tab();
    expect(menuButton()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();

    await user.keyboard('{Enter}');

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('skips the header: it can be neither focused nor selected', async () => {
    const user = userEvent.setup();
    const onProfile = jest.fn();
    renderWithTheme(<AccountMenu onProfile={onProfile} />);
    await user.click(menuButton());

    await user.click(screen.getByText('Acme Labs'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(onProfile).not.toHaveBeenCalled();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('opens on the last item with Arrow Up and selects with Space', async () => {
    const user = userEvent.setup();
    const onLogout = jest.fn();
    renderWithTheme(<AccountMenu onLogout={onLogout} />);
    menuButton().focus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard(' ');

    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape with focus back on its button', async () => {
    const user = userEvent.setup();
    renderWithTheme(<AccountMenu />);
    await user.click(menuButton());

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderWithTheme(<AccountMenu />);
    await user.click(menuButton());

    await user.click(document.body);

    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when Tab leaves it and focus moves on', async () => {
    const user = userEvent.setup();
    renderWithTheme(<AccountMenu />);
    await user.click(menuButton());

    await user.tab();

    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
