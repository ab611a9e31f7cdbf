/**
 * Live screens (issue 31; docs/live.md): one stream of the API's `GET /events` per tab,
 * turned into RTK Query tag invalidations, so every list, page and dashboard that is open
 * refetches what changed, whichever instance or person changed it. Remotes get this for free
 * by providing the base API's tags.
 *
 * The stream carries kinds and ids only; the refetch goes through the API with the person's
 * own rights. After a drop it reconnects with a new ticket (each opens one stream), backing
 * off, and with the id of the last event it heard: the API replays what was missed, or says
 * `reset` when it no longer holds that id, and then every kind is invalidated. Without an id
 * (none was heard) it invalidates every kind itself.
 */
import type { ApiTagType } from '@duly/shared/core';

/** The part of the browser's EventSource this uses (a test gives its own). */
export interface EventSourceLike {
  /**
   * `message` (a change: `data` is its JSON), `ready`, `reset`, `position`, `ended` and
   * `error`; each but `error` may carry the stream's `lastEventId`.
   */
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveUpdatesOptions {
  /** A fresh ticket; rejects when the person is signed out (then it stops). */
  ticket(): Promise<string>;
  /** The stream's URL for a ticket, and the id of the last event heard, if any. */
  streamUrl(ticket: string, lastEventId?: string): string;
  open(url: string): EventSourceLike;
  invalidate(tags: ApiTagType[]): void;
  /** Events that arrive together are passed on together after this long. */
  batchMs?: number;
  firstRetryMs?: number;
  longestRetryMs?: number;
}

const TAG_OF_KIND: Record<string, ApiTagType> = {
  tasks: 'Task',
  certificates: 'Certificate',
  employees: 'Employee',
  dashboard: 'Dashboard',
  organization: 'Organization',
  notifications: 'Notification',
};
export const EVERY_TAG = [...new Set(Object.values(TAG_OF_KIND))];

export class LiveUpdates {
  private source: EventSourceLike | undefined;
  private stopped = false;
  private connectedBefore = false;
  /** The id of the last event heard, on any of the streams opened so far. */
  private lastEventId: string | undefined;
  private retryMs: number;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly waiting = new Set<ApiTagType>();

  constructor(private readonly options: LiveUpdatesOptions) {
    this.retryMs = options.firstRetryMs ?? 1000;
  }

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.batchTimer);
    this.source?.close();
    this.source = undefined;
  }

  private async connect(): Promise<void> {
    let ticket: string;
    try {
      ticket = await this.options.ticket();
    } catch (error) {
      // Signed out (the 401 signs the person out elsewhere): nothing to listen to. Anything
      // else (offline, a busy server) is tried again.
      if ((error as { status?: unknown })?.status === 401) return;
      this.retryLater();
      return;
    }
    if (this.stopped) return;
    const resumingFrom = this.lastEventId;
    const source = this.options.open(this.options.streamUrl(ticket, resumingFrom));
    this.source = source;
    const noteId = (event: MessageEvent<string>) => {
      if (event.lastEventId) this.lastEventId = event.lastEventId;
    };
    source.addEventListener('ready', (event) => {
      noteId(event);
      this.retryMs = this.options.firstRetryMs ?? 1000;
      // Back after a gap with no id to resume from: what changed meanwhile was not heard.
      if (this.connectedBefore && resumingFrom === undefined) this.queue(EVERY_TAG);
      this.connectedBefore = true;
    });
    // The API no longer holds what was missed (or its instance missed changes itself).
    source.addEventListener('reset', (event) => {
      noteId(event);
      this.queue(EVERY_TAG);
    });
    // Changes this person was not to hear: only the place in the stream moves.
    source.addEventListener('position', noteId);
    source.addEventListener('ended', () => {
      // The session ended: the refetch meets the 401 that signs the person out.
      this.stop();
      this.options.invalidate(EVERY_TAG);
    });
    source.addEventListener('message', (event) => {
      noteId(event);
      const tag = TAG_OF_KIND[(JSON.parse(event.data) as { type?: string }).type ?? ''];
      if (tag) this.queue([tag]);
    });
    // EventSource would reconnect by itself with the same, now used, ticket: do it here.
    source.addEventListener('error', () => {
      source.close();
      if (this.source === source) this.retryLater();
    });
  }

  private retryLater(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, this.options.longestRetryMs ?? 30_000);
  }

  private queue(tags: readonly ApiTagType[]): void {
    for (const tag of tags) this.waiting.add(tag);
    if (this.batchTimer !== undefined) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = undefined;
      const batch = [...this.waiting];
      this.waiting.clear();
      if (!this.stopped) this.options.invalidate(batch);
    }, this.options.batchMs ?? 50);
  }
}
