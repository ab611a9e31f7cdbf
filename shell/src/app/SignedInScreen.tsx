// Loads the signed-in part of the shell (signedInScreens.tsx) on demand. Not React.lazy: a
// suspended boundary is revealed at the earliest 300 ms after its fallback (React 19), which
// would hold back every cold load of a signed-in page. bootstrap.tsx loads the part before the
// first render when the visitor has a session, so those pages render in the first pass; a
// visitor who signs in later sees a spinner while it downloads.
import { useEffect, useState } from 'react';
import { LoadingState } from '@duly/shared/ui';
import type { SignedInScreenName, signedInScreens } from './signedInScreens';

type Screens = typeof signedInScreens;

let loaded: Screens | undefined;
let loading: Promise<Screens> | undefined;

/** Starts (once) loading the signed-in part; resolves with its screens. */
export function loadSignedInPart(): Promise<Screens> {
  loading ??= import(/* webpackChunkName: "signed-in" */ './signedInScreens').then(
    (part) => (loaded = part.signedInScreens),
  );
  // A failed download may be retried by the next caller (a later navigation).
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * The signed-in part, already loaded: what a page load with a session amounts to (tests render
 * the whole shell synchronously with it).
 */
export function provideSignedInPart(screens: Screens): void {
  loaded = screens;
}

/** One screen of the signed-in part: rendered at once if loaded, else after a spinner. */
export function SignedInScreen({ name }: { name: SignedInScreenName }) {
  const [screens, setScreens] = useState(loaded);
  useEffect(() => {
    if (screens) return;
    let current = true;
    void loadSignedInPart().then((part) => current && setScreens(part));
    return () => {
      current = false;
    };
  }, [screens]);
  if (!screens) return <LoadingState />;
  const Screen = screens[name];
  return <Screen />;
}
