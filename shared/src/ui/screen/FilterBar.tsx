import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ChosenFilters, FilterChoices, ListView } from '../../list/useListParams';
import { focusRing } from '../focusRing';
import { SearchField } from '../form/SearchField';
import { Select, type SelectOption } from '../form/Select';
import { theme } from '../theme';
import { FilterRow } from './FilterRow';

/** 280 px on wide screens, the whole line on a phone. */
const SearchBox = styled.div`
  width: 280px;
  max-width: 100%;

  ${theme.media.narrow} {
    width: 100%;
  }
`;

/** Up to 200 px each; on a phone each takes the whole line. */
const FilterBox = styled.div`
  flex: 1 1 140px;
  max-width: 200px;

  ${theme.media.narrow} {
    flex-basis: 100%;
    max-width: none;
  }
`;

/**
 * The drop-downs. On wide screens they sit in the toolbar's line; on a phone they are folded
 * behind the "Filters" button and, unfolded, stack full width under the search field.
 */
const FilterGroup = styled.div<{ $open: boolean }>`
  display: contents;

  ${theme.media.narrow} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-wrap: wrap;
    flex-basis: 100%;
    gap: ${theme.space(2)};
  }
`;

/** Only on a phone: folds and unfolds the drop-downs, with how many of them are set. */
const FiltersToggle = styled.button`
  display: none;
  min-height: 40px;
  padding: ${theme.space(1, 2)};
  font: inherit;
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.primary};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.divider};
  border-radius: ${theme.radii.control};
  cursor: pointer;

  ${focusRing}

  ${theme.media.narrow} {
    display: inline-flex;
    align-items: center;
  }
`;

/** One drop-down of the bar: the URL query's name it sets and what it offers. */
export interface FilterBarFilter<F extends FilterChoices> {
  /** The query name, one of the list's filters (`status`). */
  name: keyof F & string;
  label: string;
  /** The choice meaning "all" ('All statuses'). */
  placeholder: string;
  options: readonly SelectOption[];
}

export interface FilterBarProps<F extends FilterChoices> {
  /** The list's state in the URL: `useListParams(...)`. */
  list: Pick<ListView<F>, 'filters' | 'search' | 'setFilter' | 'setSearch'>;
  /** The search field's label ('Search by title'); no search field without it. */
  searchLabel?: string;
  filters?: readonly FilterBarFilter<F>[];
}

/**
 * A list's search and filters, bound to the URL's query through `useListParams`: what they
 * show is read from the URL, and a choice writes it there (back to page 1). The placeholder, or
 * a value the list does not offer, means "all".
 */
export function FilterBar<F extends FilterChoices>({
  list,
  searchLabel,
  filters = [],
}: FilterBarProps<F>) {
  const chosen = list.filters as Record<string, string | undefined>;
  const choose = (filter: FilterBarFilter<F>, value: string) => {
    const option = filter.options.find((candidate) => String(candidate.value) === value);
    type Value = ChosenFilters<F>[typeof filter.name];
    list.setFilter(filter.name, option ? (String(option.value) as Value) : undefined);
  };
  const [open, setOpen] = useState(false);
  const groupId = useId();
  const active = filters.filter((filter) =>
    filter.options.some((option) => String(option.value) === chosen[filter.name]),
  ).length;
  return (
    <FilterRow>
      {searchLabel !== undefined ? (
        <SearchBox>
          <SearchField label={searchLabel} value={list.search} onSearch={list.setSearch} />
        </SearchBox>
      ) : null}
      {filters.length > 0 ? (
        <FiltersToggle
          type="button"
          aria-expanded={open}
          aria-controls={groupId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </FiltersToggle>
      ) : null}
      <FilterGroup id={groupId} $open={open}>
        {filters.map((filter) => (
          <FilterBox key={filter.name}>
            <Select
              label={filter.label}
              name={filter.name}
              value={chosen[filter.name] ?? ''}
              options={filter.options}
              placeholder={filter.placeholder}
              onChange={(event) => choose(filter, event.target.value)}
            />
          </FilterBox>
        ))}
      </FilterGroup>
    </FilterRow>
  );
}
