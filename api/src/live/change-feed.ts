/**
 * What changed, told to every open screen that may show it (issue 31, item 3; docs/live.md).
 * A change names an organisation, a kind of thing and, where known, the ids; never the data:
 * each screen refetches with its own rights.
 *
 * On SQLite one instance serves everyone, so a change goes straight to this process's
 * streams. On PostgreSQL it goes through `NOTIFY duly_changes`, which every instance (this one
 * included) hears on its listening connection (cluster/database-listener.ts) and forwards to
 * its own streams: a write on one instance reaches a screen open on any other.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseListener } from '../cluster/database-listener';
import type { Db } from '../db/tables';

export const CHANGE_KINDS = [
  'tasks',
  'certificates',
  'employees',
  'dashboard',
  'organization',
  'notifications',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Change {
  /**
   * The change's event id (`id:` on the stream), given by the instance that published it and
   * carried in the NOTIFY payload, so every instance knows the change by the same id: 16
   * random bytes, unique without a round trip or a sequence, and telling nobody how many
   * changes the system has seen. Absent until published.
   */
  id?: string;
  organizationId: string;
  kinds: ChangeKind[];
  /** The items changed, where the write named them (an update, a delete). */
  ids: string[];
  /** Only these people's screens hear it (their own notices); every one of the organisation's when absent. */
  onlyUsers?: string[];
  /** API tokens just revoked: a stream opened with one of them ends at once. */
  revokedTokens?: string[];
}

export type ChangeListener = (change: Change) => void;

/** What a stream is told: each change of its organisation, and gaps (changes not heard). */
export interface FeedSubscriber {
  onChange: ChangeListener;
  /** This instance missed changes (its listening connection dropped): its streams must reset. */
  onGap(): void;
}

/**
 * Changes kept (every organisation's, in the order heard) for streams that come back with
 * `Last-Event-ID`: a client away for fewer changes than this gets what it missed; one away
 * longer, or whose last change this instance never heard, is told to reset.
 */
export const CHANGES_KEPT = 1000;

const CHANNEL = 'duly_changes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ids beyond this are dropped (kinds suffice). */
const IDS_KEPT = 50;

export class ChangeFeed {
  private readonly listeners = new Map<string, Set<FeedSubscriber>>();
  /**
   * The last CHANGES_KEPT changes heard, in the order heard (a ring), and each one's place in
   * that order. On PostgreSQL every instance hears the notifications of `duly_changes` in the
   * same order (commit order, from the one queue of the server), so a place found by id on
   * this instance means the same as on the instance the client last heard from.
   */
  private readonly kept: (Change | undefined)[] = new Array(CHANGES_KEPT);
  private readonly placeOfId = new Map<string, number>();
  private heard = 0;

  private constructor(
    private readonly db: Db,
    private readonly viaDatabase: boolean,
  ) {}

  static async create(db: Db, listener: DatabaseListener | undefined): Promise<ChangeFeed> {
    const feed = new ChangeFeed(db, listener !== undefined);
    await listener?.subscribe(CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (change) feed.deliver(change);
    });
    listener?.onReconnect(() => feed.gap());
    return feed;
  }

  /**
   * Call once the change is committed (NOTIFY outside a transaction is sent at once). Returns
   * the change's event id.
   */
  async publish(change: Change): Promise<string> {
    const sent = {
      ...change,
      id: randomBytes(16).toString('base64url'),
      ids: change.ids.slice(0, IDS_KEPT),
    };
    if (!this.viaDatabase) {
      this.deliver(sent);
      return sent.id;
    }
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(sent)})`.execute(this.db);
    return sent.id;
  }

  /** Hears the organisation's changes until the returned function is called. */
  subscribe(organizationId: string, subscriber: FeedSubscriber): () => void {
    let set = this.listeners.get(organizationId);
    if (!set) {
      set = new Set();
      this.listeners.set(organizationId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.listeners.get(organizationId) === set) {
        this.listeners.delete(organizationId);
      }
    };
  }

  /** Open subscriptions, for the health of the streams (and the tests). */
  get size(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  /** The id of the last change heard (of any organisation), if this instance kept one. */
  get latestId(): string | undefined {
    return this.heard === 0 ? undefined : this.kept[(this.heard - 1) % CHANGES_KEPT]?.id;
  }

  /**
   * The organisation's changes heard after the one with id `lastId`, oldest first; undefined
   * when this instance does not know that change (heard too long ago, before it started or
   * before a gap, or never): the client must then reset everything it shows.
   */
  changesAfter(organizationId: string, lastId: string): Change[] | undefined {
    const place = this.placeOfId.get(lastId);
    if (place === undefined || place < this.heard - CHANGES_KEPT) return undefined;
    const missed: Change[] = [];
    for (let next = place + 1; next < this.heard; next += 1) {
      const change = this.kept[next % CHANGES_KEPT];
      if (change?.organizationId === organizationId) missed.push(change);
    }
    return missed;
  }

  private deliver(change: Change): void {
    if (change.id !== undefined) this.keep(change as Change & { id: string });
    for (const subscriber of this.listeners.get(change.organizationId) ?? []) {
      subscriber.onChange(change);
    }
  }

  private keep(change: Change & { id: string }): void {
    const slot = this.heard % CHANGES_KEPT;
    const evicted = this.kept[slot];
    if (evicted?.id !== undefined) this.placeOfId.delete(evicted.id);
    this.kept[slot] = change;
    this.placeOfId.set(change.id, this.heard);
    this.heard += 1;
  }

  /** Changes were missed: nothing kept can be replayed, and every open stream must reset. */
  private gap(): void {
    this.kept.fill(undefined);
    this.placeOfId.clear();
    for (const set of this.listeners.values()) {
      for (const subscriber of [...set]) subscriber.onGap();
    }
  }
}

function parseChange(payload: string): Change | undefined {
  try {
    const change = JSON.parse(payload) as Change;
    if (typeof change.organizationId !== 'string' || !Array.isArray(change.kinds)) return undefined;
    if (change.id !== undefined && typeof change.id !== 'string') return undefined;
    return change;
  } catch {
    return undefined;
  }
}
