import { useEffect } from 'react';
import { baseApi, useAppDispatch } from '@duly/shared/core';

/** Focus and visibility both fire when a person comes back to the tab: one refresh is enough. */
const MIN_GAP_MS = 2000;

/**
 * Refetches the notices and the unread count when the person comes back to the window, so
 * the bell is right at once rather than at the next poll. (The base API keeps
 * `refetchOnFocus` off for everything else: only the bell needs it.)
 */
export function useRefreshOnFocus(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      dispatch(baseApi.util.invalidateTags(['Notification']));
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [dispatch]);
}
