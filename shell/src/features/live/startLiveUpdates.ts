import { type ApiTagType, type AppDispatch, apiConfig, baseApi } from '@duly/shared/core';
import { liveApi } from './api';
import { EVERY_TAG, LiveUpdates } from './liveUpdates';
import { TabLeader } from './tabLeader';

/**
 * Opens the signed-in person's live stream (liveUpdates.ts) and returns what closes it. The
 * person's tabs share one stream (tabLeader.ts) where the browser has BroadcastChannel;
 * otherwise each tab opens its own. Loaded by `useLiveUpdates` once the chrome is shown, so its
 * code is not part of the start-up (issue 32).
 */
export function startLiveUpdates(dispatch: AppDispatch, userId: string): () => void {
  const invalidate = (tags: ApiTagType[]) => {
    dispatch(baseApi.util.invalidateTags(tags));
  };
  const stream = (deliver: (tags: ApiTagType[]) => void) =>
    new LiveUpdates({
      ticket: async () =>
        (await dispatch(liveApi.endpoints.eventsTicket.initiate()).unwrap()).ticket,
      // A new EventSource cannot send Last-Event-ID: where it was goes in the query.
      streamUrl: (ticket, lastEventId) =>
        `${apiConfig().baseUrl}/events?ticket=${encodeURIComponent(ticket)}${
          lastEventId === undefined ? '' : `&last_event_id=${encodeURIComponent(lastEventId)}`
        }`,
      open: (url) => new EventSource(url),
      invalidate: deliver,
    });
  if (typeof BroadcastChannel === 'undefined') {
    const live = stream(invalidate);
    live.start();
    return () => live.stop();
  }
  const leader = new TabLeader({
    channel: new BroadcastChannel(`duly-live:${userId}`),
    everyTag: EVERY_TAG,
    invalidate,
    lead: (deliver) => {
      const live = stream(deliver);
      live.start();
      return () => live.stop();
    },
  });
  leader.start();
  // A closing tab runs no React cleanup: hand the stream over as the page goes.
  const leave = () => leader.stop();
  window.addEventListener('pagehide', leave);
  return () => {
    window.removeEventListener('pagehide', leave);
    leader.stop();
  };
}
