import { useEffect } from 'react';
import {
  apiConfig,
  baseApi,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
} from '@duly/shared/core';
import { liveApi } from './api';
import { LiveUpdates } from './liveUpdates';

/**
 * Keeps the signed-in person's open screens live (liveUpdates.ts) while the chrome is shown.
 * Nothing happens where the browser has no EventSource: screens then refresh as before.
 */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id;
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return undefined;
    const live = new LiveUpdates({
      ticket: async () =>
        (await dispatch(liveApi.endpoints.eventsTicket.initiate()).unwrap()).ticket,
      streamUrl: (ticket) => `${apiConfig().baseUrl}/events?ticket=${encodeURIComponent(ticket)}`,
      open: (url) => new EventSource(url),
      invalidate: (tags) => dispatch(baseApi.util.invalidateTags(tags)),
    });
    live.start();
    return () => live.stop();
  }, [dispatch, userId]);
}
