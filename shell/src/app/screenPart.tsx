// A part of the shell's screens in a chunk of its own, loaded on demand. Not React.lazy: a
// suspended boundary is revealed at the earliest 300 ms after its fallback (React 19), which
// would hold back every cold load of such a page. bootstrap.tsx loads the part a page needs
// before the first render, so that page renders in the first pass; moving to a screen of a part
// not loaded yet shows a spinner while it downloads.
import { useEffect, useState, type ComponentType } from 'react';
import { LoadingState } from '@duly/shared/kit';

type Screens = Record<string, ComponentType>;

export interface ScreenPart<S extends Screens> {
  /** Starts (once) loading the part; resolves with its screens. */
  load(): Promise<S>;
  /** The part, already loaded (the pre-render and tests render synchronously with it). */
  provide(screens: S): void;
  /** One screen of the part: rendered at once if loaded, else after a spinner. */
  Screen(props: { name: keyof S }): React.JSX.Element;
}

export function screenPart<S extends Screens>(importPart: () => Promise<S>): ScreenPart<S> {
  let loaded: S | undefined;
  let loading: Promise<S> | undefined;

  function load(): Promise<S> {
    loading ??= importPart().then((part) => (loaded = part));
    // A failed download may be retried by the next caller (a later navigation).
    loading.catch(() => (loading = undefined));
    return loading;
  }

  function Screen({ name }: { name: keyof S }) {
    const [screens, setScreens] = useState(loaded);
    useEffect(() => {
      if (screens) return;
      let current = true;
      void load().then((part) => current && setScreens(part));
      return () => {
        current = false;
      };
    }, [screens]);
    if (!screens) return <LoadingState />;
    const Component = screens[name] as ComponentType;
    return <Component />;
  }

  return { load, provide: (screens) => (loaded = screens), Screen };
}
