import type { SelectOption } from '../form/Select';
import { statusLabel } from '../../contract/status';

/** A drop-down's choices from a list of values, each labelled by `label` (the value by default). */
export function optionsOf<V extends string | number>(
  values: readonly V[],
  label: (value: V) => string = String,
): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/**
 * One drop-down of a list's `FilterBar`: the query name, its label, the choice meaning "all"
 * and the values it offers, labelled by `label` (the value by default).
 */
export function listFilter<N extends string, V extends string | number>(
  name: N,
  label: string,
  placeholder: string,
  values: readonly V[],
  labelOf?: (value: V) => string,
): { name: N; label: string; placeholder: string; options: readonly SelectOption[] } {
  return { name, label, placeholder, options: optionsOf(values, labelOf) };
}

/** A list's 'Filter by Status' (spec 2): 'All statuses', then each status by its label. */
export const statusFilter = (statuses: readonly string[]) =>
  listFilter('status', 'Filter by Status', 'All statuses', statuses, statusLabel);
