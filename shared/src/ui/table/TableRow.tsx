import { type ComponentPropsWithRef, type KeyboardEvent, type MouseEvent } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme';

/** What inside a row handles its own clicks: the row leaves those alone. */
const INTERACTIVE =
  'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="menuitem"], [role="checkbox"], [tabindex]';

const Tr = styled.tr<{ $clickable: boolean }>`
  tbody > &:hover {
    background: ${theme.colors.hover};
  }

  ${({ $clickable, theme }) =>
    $clickable &&
    css`
      cursor: pointer;

      &:focus-visible {
        outline: ${theme.focusRing.width} solid ${theme.focusRing.color};
        outline-offset: -${theme.focusRing.width};
        background: ${theme.colors.hover};
      }
    `}
`;

export type RowActivationEvent =
  MouseEvent<HTMLTableRowElement> | KeyboardEvent<HTMLTableRowElement>;

export type TableRowProps = ComponentPropsWithRef<'tr'> & {
  /**
   * Makes the whole row clickable (pointer cursor, focusable, Enter or Space). Clicks that start
   * on an interactive element inside the row (a link, a button, a field, anything focusable) or
   * whose default was prevented do not activate it, so an "Edit" button in the last column needs
   * nothing special.
   */
  onActivate?: (event: RowActivationEvent) => void;
};

function startsOnInnerControl(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as Element;
  const control = target.closest(INTERACTIVE);
  return (
    control !== null && control !== event.currentTarget && event.currentTarget.contains(control)
  );
}

/**
 * The handlers that make a whole row its link (click, Enter or Space), for a `<tr>` of any
 * kind: `TableRow`, or a plain row of a large table that has no styled component per row.
 */
export function rowActivation(
  onActivate: (event: RowActivationEvent) => void,
  onClick?: (event: MouseEvent<HTMLTableRowElement>) => void,
  onKeyDown?: (event: KeyboardEvent<HTMLTableRowElement>) => void,
) {
  const handleClick = (event: MouseEvent<HTMLTableRowElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || startsOnInnerControl(event)) return;
    // A text selection made by dragging across the row is not a click on it.
    if (window.getSelection()?.toString()) return;
    onActivate(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    onKeyDown?.(event);
    // Keys pressed on a control inside the row belong to that control.
    if (event.defaultPrevented || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // Space would otherwise scroll the page.
      onActivate(event);
    }
  };

  return { tabIndex: 0, onClick: handleClick, onKeyDown: handleKeyDown };
}

/** A 48 px row with a hover highlight; with `onActivate`, the whole row is the link. */
export function TableRow({ onActivate, onClick, onKeyDown, ...rest }: TableRowProps) {
  if (!onActivate)
    return <Tr $clickable={false} onClick={onClick} onKeyDown={onKeyDown} {...rest} />;
  return <Tr $clickable {...rowActivation(onActivate, onClick, onKeyDown)} {...rest} />;
}
