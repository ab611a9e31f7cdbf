import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

export type MenuEntry =
  | {
      /** A line of text at the top (e.g. the organisation name): not focusable, not clickable. */
      type: 'header';
      label: ReactNode;
    }
  | {
      type?: 'item';
      label: string;
      icon?: ReactNode;
      /** Runs after the menu has closed and focus is back on its button. */
      onSelect: () => void;
    };

type MenuItemEntry = Extract<MenuEntry, { onSelect: () => void }>;

const Root = styled.div`
  position: relative;
  display: inline-flex;
`;

/* Its focus ring takes the text colour, so it shows on the white page and on the blue bar. */
const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(0.5)};
  padding: ${theme.space(0.5)};
  border: none;
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:hover {
    background: ${theme.colors.hover};
  }

  &:focus-visible {
    outline: ${theme.focusRing.width} solid currentColor;
    outline-offset: ${theme.focusRing.offset};
  }
`;

const List = styled.ul<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + ${theme.space(1)});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${theme.zIndices.menu};
  min-width: 200px;
  margin: 0;
  padding: ${theme.space(1, 0)};
  list-style: none;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border-radius: ${theme.radii.card};
  box-shadow: ${theme.shadows.menu};
`;

const Header = styled.li`
  padding: ${theme.space(1, 2)};
  margin-bottom: ${theme.space(0.5)};
  border-bottom: 1px solid ${theme.colors.divider};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.caption};
  font-weight: ${theme.fontWeights.semibold};
  cursor: default;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${theme.space(1.5)};
  min-height: 40px;
  padding: ${theme.space(0, 2)};
  cursor: pointer;
  outline: none;

  &:hover,
  &:focus {
    background: ${theme.colors.hover};
  }

  &:focus-visible {
    outline: ${`${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: -${theme.focusRing.width};
  }

  & > svg {
    color: ${theme.colors.textSecondary};
  }
`;

export interface MenuProps {
  /** The accessible name of the button (e.g. "Account menu"). */
  label: string;
  /** What the button shows (e.g. an Avatar). */
  trigger: ReactNode;
  items: readonly MenuEntry[];
  /** Which edge of the button the popup lines up with: `end` (right, default) or `start`. */
  align?: 'start' | 'end';
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or Arrow Down opens it on the first item,
 * Arrow Up on the last; arrows, Home and End move; Enter or Space selects; Escape closes and
 * returns focus to the button; Tab or a click outside closes it.
 */
export function Menu({ label, trigger, items, align = 'end' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [initialIndex, setInitialIndex] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const menuId = useId();
  const buttonId = useId();

  const selectable = items.filter((entry): entry is MenuItemEntry => entry.type !== 'header');

  const focusItem = (index: number) => {
    const count = selectable.length;
    if (count === 0) return;
    itemRefs.current[(index + count) % count]?.focus();
  };

  const openMenu = (at: 'first' | 'last') => {
    setInitialIndex(at);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // On opening, focus goes to the first (or last) item.
  useEffect(() => {
    if (open) focusItem(initialIndex === 'first' ? 0 : selectable.length - 1);
    // Only when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A press anywhere outside the button and the popup closes it.
  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  const select = (entry: MenuItemEntry) => {
    close(true);
    entry.onSelect();
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLLIElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(selectable.length - 1);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (current >= 0) select(selectable[current]);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        // Focus moves on from the button, as if the menu had not been there.
        close(true);
        break;
    }
  };

  let itemIndex = 0;
  return (
    <Root ref={rootRef}>
      <Trigger
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={handleButtonKeyDown}
      >
        {trigger}
      </Trigger>
      {open ? (
        <List
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          $align={align}
          onKeyDown={handleMenuKeyDown}
          // A press on the header or the padding must not drop focus out of the menu.
          onMouseDown={(event) => event.preventDefault()}
        >
          {items.map((entry, position) => {
            if (entry.type === 'header') {
              return (
                <Header key={`header-${position}`} role="presentation">
                  {entry.label}
                </Header>
              );
            }
            const index = itemIndex++;
            return (
              <Item
                key={entry.label}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitem"
                tabIndex={-1}
                onClick={() => select(entry)}
              >
                {entry.icon}
                {entry.label}
              </Item>
            );
          })}
        </List>
      ) : null}
    </Root>
  );
}
