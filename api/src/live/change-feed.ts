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

const CHANNEL = 'duly_changes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ids beyond this are dropped (kinds suffice). */
const IDS_KEPT = 50;

export class ChangeFeed {
  private readonly listeners = new Map<string, Set<ChangeListener>>();

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
    return feed;
  }

  /** Call once the change is committed (NOTIFY outside a transaction is sent at once). */
  async publish(change: Change): Promise<void> {
    const sent = { ...change, ids: change.ids.slice(0, IDS_KEPT) };
    if (!this.viaDatabase) {
      this.deliver(sent);
      return;
    }
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(sent)})`.execute(this.db);
  }

  /** Hears the organisation's changes until the returned function is called. */
  subscribe(organizationId: string, listener: ChangeListener): () => void {
    let set = this.listeners.get(organizationId);
    if (!set) {
      set = new Set();
      this.listeners.set(organizationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
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

  private deliver(change: Change): void {
    for (const listener of this.listeners.get(change.organizationId) ?? []) listener(change);
  }
}

function parseChange(payload: string): Change | undefined {
  try {
    const change = JSON.parse(payload) as Change;
    if (typeof change.organizationId !== 'string' || !Array.isArray(change.kinds)) return undefined;
    return change;
  } catch {
    return undefined;
  }
}
