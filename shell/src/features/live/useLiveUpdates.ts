import { useEffect } from 'react';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@duly/shared/core';
import { whenIdle } from './whenIdle';

/**
 * Keeps the signed-in person's open screens live while the chrome is shown (docs/live.md).
 * The stream's code (startLiveUpdates.ts: the stream, the tabs' leader, the ticket endpoint)
 * loads after the first render, in a chunk of its own, so the start-up neither downloads nor
 * evaluates it (issue 32), and only once the page has loaded and is idle (whenIdle.ts): right
 * after the first paint it was one more task counted as blocking time, for a stream that only
 * matters once someone else changes something. Nothing happens where the browser has no EventSource, nor when that
 * chunk fails to load: screens then refresh as before.
 */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    const cancel = whenIdle(() => {
      import(/* webpackChunkName: "live" */ './startLiveUpdates').then(
        ({ startLiveUpdates }) => {
          // Signed out or unmounted while the chunk was on its way: open nothing.
          if (!ended) stop = startLiveUpdates(dispatch, userId);
        },
        (error: unknown) => console.warn('[duly] live updates unavailable', error),
      );
    });
    return () => {
      ended = true;
      cancel();
      stop?.();
    };
  }, [dispatch, userId]);
}
