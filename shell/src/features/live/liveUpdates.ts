/**
 * Live screens (issue 31; docs/live.md): one stream of the API's `GET /events` per tab,
 * turned into RTK Query tag invalidations, so every list, page and dashboard that is open
 * refetches what changed, whichever instance or person changed it. Remotes get this for free
 * by providing the base API's tags.
 *
 * The stream carries kinds and ids only; the refetch goes through the API with the person's
 * own rights. After a drop it reconnects with a new ticket (each opens one stream), backing
 * off, and then invalidates every kind: whatever changed meanwhile was not heard.
 */
import type { ApiTagType } from '@duly/shared/core';

/** The part of the browser's EventSource this uses (a test gives its own). */
export interface EventSourceLike {
  /** `message` (a change: `data` is its JSON), `ready`, `ended` and `error`. */
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveUpdatesOptions {
  /** A fresh ticket; rejects when the person is signed out (then it stops). */
  ticket(): Promise<string>;
  /** The stream's URL for a ticket. */
  streamUrl(ticket: string): string;
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
    const source = this.options.open(this.options.streamUrl(ticket));
    this.source = source;
    source.addEventListener('ready', () => {
      this.retryMs = this.options.firstRetryMs ?? 1000;
      // Back after a gap: what changed meanwhile was not heard.
      if (this.connectedBefore) this.queue(EVERY_TAG);
      this.connectedBefore = true;
    });
    source.addEventListener('ended', () => {
      // The session ended: the refetch meets the 401 that signs the person out.
      this.stop();
      this.options.invalidate(EVERY_TAG);
    });
    source.addEventListener('message', ({ data }) => {
      const tag = TAG_OF_KIND[(JSON.parse(data) as { type?: string }).type ?? ''];
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
