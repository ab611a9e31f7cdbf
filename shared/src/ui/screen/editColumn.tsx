import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, type ButtonProps } from '../Button';
import type { Column } from './ResourceTable';

export interface EditLinkProps {
  /** The item's edit page (`/tasks/<id>/edit`). */
  to: string;
  /** The item's name, for the link's accessible name: 'Edit {name}'. */
  name: string;
}

/**
 * A list row's Edit: a small text button to the item's form, named after the item so a screen
 * reader tells one row's Edit from the next. The row ignores clicks on controls inside it, so
 * this goes to the form only.
 */
export function EditLink({ to, name }: EditLinkProps) {
  return (
    <Button as={Link} to={to} variant="text" size="small" aria-label={`Edit ${name}`}>
      Edit
    </Button>
  );
}

export interface RowButtonProps extends Omit<ButtonProps, 'variant' | 'size' | 'aria-label'> {
  /** Its accessible name, with the row's item in it ('Delete Fire safety'). */
  label: string;
}

/**
 * A list row's action that stays on the screen (Edit in a side form, Delete, Link): the
 * EditLink's small text button, named after the item for the same reason.
 */
export function RowButton({ label, ...props }: RowButtonProps) {
  return <Button variant="text" size="small" aria-label={label} {...props} />;
}

/**
 * A ResourceTable's Edit column: an EditLink per row, the row's button on a phone's card.
 * `canEdit && editColumn(...)` leaves it out for those who may not edit.
 */
export function editColumn<T>(options: {
  header?: string;
  to: (item: T) => string;
  name: (item: T) => string;
}): Column<T> {
  return {
    key: 'edit',
    header: options.header ?? 'Edit',
    card: 'action',
    cell: (item) => <EditLink to={options.to(item)} name={options.name(item)} />,
  };
}

/**
 * A ResourceTable's title column: the item's name or title, which wraps and is the first line
 * of a phone's card. `options` adds the rest (`sortKey`, `width`).
 */
export function titleColumn<T>(
  key: string,
  header: string,
  cell: (item: T) => ReactNode,
  options?: Omit<Column<T>, 'key' | 'header' | 'cell'>,
): Column<T> {
  return { key, header, cell, wrap: true, card: 'title', ...options };
}
