import styled from 'styled-components';
import type { ChosenFilters, FilterChoices, ListView } from '../../list/useListParams';
import { SearchField } from '../form/SearchField';
import { Select, type SelectOption } from '../form/Select';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/** 280 px on wide screens, the whole line on a phone. */
const SearchBox = styled.div`
  width: 280px;
  max-width: 100%;

  ${({ theme }) => theme.media.narrow} {
    width: 100%;
  }
`;

/** Up to 200 px each; on a phone they share the lines under the search field. */
const FilterBox = styled.div`
  flex: 1 1 140px;
  max-width: 200px;
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
  return (
    <Toolbar>
      {searchLabel !== undefined ? (
        <SearchBox>
          <SearchField label={searchLabel} value={list.search} onSearch={list.setSearch} />
        </SearchBox>
      ) : null}
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
    </Toolbar>
  );
}
