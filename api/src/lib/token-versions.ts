/**
 * Each user's current token version, as one instance knows it (plugins/auth.ts). Reading
 * the database on every request would add a query to every call, so a version read is kept
 * for `maxAgeMs` (5 s by default). On the instance that ended a session it is refused at once
 * (`remember`); on PostgreSQL every other instance hears of it from the database within
 * milliseconds (plugins/auth.ts), and `maxAgeMs` only bounds the time a version can be stale
 * while that notification connection is down. Concurrent misses
 * for one user share one read.
 */
export type VersionLookup = (organizationId: string, userId: string) => Promise<number | undefined>;

/** Beyond this many users the map starts over rather than growing without bound. */
const USERS_KEPT = 10_000;

interface Known {
  version: Promise<number | undefined>;
  until: number;
}

export class TokenVersions {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly lookup: VersionLookup,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The user's version (undefined: no such user), at most `maxAgeMs` old. */
  current(organizationId: string, userId: string): Promise<number | undefined> {
    const now = this.clock();
    const kept = this.known.get(userId);
    if (kept && kept.until > now) return kept.version;
    const entry: Known = {
      version: this.lookup(organizationId, userId),
      until: now + this.maxAgeMs,
    };
    this.keep(userId, entry);
    // A failed read is not kept: the next request tries again.
    entry.version.catch(() => {
      if (this.known.get(userId) === entry) this.known.delete(userId);
    });
    return entry.version;
  }

  /** This instance just changed the user's version: refuse older tokens here at once. */
  remember(userId: string, version: number): void {
    this.keep(userId, { version: Promise.resolve(version), until: this.clock() + this.maxAgeMs });
  }

  /** The user's version changed and the new one is not known here: read it next time. */
  forget(userId: string): void {
    this.known.delete(userId);
  }

  /** Versions may have changed unheard (the notifications' connection dropped): read all again. */
  forgetAll(): void {
    this.known.clear();
  }

  private keep(userId: string, entry: Known): void {
    if (this.known.size >= USERS_KEPT && !this.known.has(userId)) this.known.clear();
    this.known.set(userId, entry);
  }
}
