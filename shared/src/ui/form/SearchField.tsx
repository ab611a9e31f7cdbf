import { useEffect, useRef, useState } from 'react';
import { TextField } from './TextField';

/** How long typing pauses before the search runs: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchFieldProps {
  /** The label above the field ("Search by title"). */
  label: string;
  /** The search in force, e.g. `useListParams().search`; the field follows it (back button). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (text: string) => void;
  placeholder?: string;
  name?: string;
}

/**
 * A list's search box (`type="search"`): it searches as the user types, after a short pause,
 * and at once on Enter. Clearing it shows the whole list again.
 */
export function SearchField({ label, value, onSearch, placeholder, name = 'q' }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  // Another source changed the search (the back button, a link): show it.
  useEffect(() => {
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() !== latest.current.value) latest.current.onSearch(next.trim());
  }

  return (
    <TextField
      label={label}
      type="search"
      name={name}
      value={text}
      placeholder={placeholder}
      autoComplete="off"
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(text);
        }
      }}
    />
  );
}
