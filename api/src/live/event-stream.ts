/**
 * One open live-updates stream (`GET /api/v1/events`, text/event-stream): the changes its
 * person may hear, as `data: {"type": …, "ids": […]}` lines, and a comment line every
 * `heartbeatMs` that keeps proxies from closing an idle connection. The person's session is
 * checked at each heartbeat and whenever a change names them: once it has ended (signed out
 * everywhere, deactivated, or the API token that opened it revoked or expired), the stream
 * says `event: ended` and closes; a revocation says so at once, on every instance. Each change
 * has an `id:`; a client coming back with the last one it heard gets what it missed or
 * `event: reset` (docs/live.md, "Coming back").
 */
import type { ServerResponse } from 'node:http';
import type { Role } from '@duly/shared/contract';
import type { Change, ChangeFeed } from './change-feed';

export const HEARTBEAT_MS = 25_000;
/** A client this far behind is not reading: it is dropped rather than buffered without end. */
const UNREAD_BYTES_MAX = 256 * 1024;

export interface StreamOwner {
  userId: string;
  organizationId: string;
  role: Role;
  /** The API token that opened the stream, if one did (a session or a ticket otherwise). */
  apiTokenId?: string;
}

export interface EventStreamOptions {
  owner: StreamOwner;
  feed: ChangeFeed;
  heartbeatMs: number;
  /** False once the owner's session has ended. */
  stillSignedIn(): Promise<boolean>;
  /** Headers already set on the reply (the baseline security headers). */
  headers: Record<string, string | number | string[] | undefined>;
  /**
   * The id of the last event the client heard before it reconnected (`Last-Event-ID`): what
   * it missed is replayed if this instance still holds it, or it is told to `reset`.
   */
  lastEventId?: string;
}

/** What the owner may hear of a change: nothing, or its kinds with the ids they may see. */
export function messagesFor(owner: StreamOwner, change: Change): { type: string; ids: string[] }[] {
  if (change.organizationId !== owner.organizationId) return [];
  if (change.onlyUsers && !change.onlyUsers.includes(owner.userId)) return [];
  // An employee sees only their own items; which items a change touched is not theirs to
  // know, so they hear the kind alone and refetch what they may see.
  const ids = withoutIds(owner, change) ? [] : change.ids;
  return change.kinds.map((type) => ({ type, ids }));
}

function withoutIds(owner: StreamOwner, change: Change): boolean {
  return owner.role === 'employee' && !change.onlyUsers;
}

/**
 * The bytes sent for a change, made once per change and audience (with or without ids), not
 * once per stream: an organisation's thousand open streams share two buffers, and writing a
 * buffer copies no string into UTF-8 per stream. Whether the owner hears the change at all is
 * checked first, without building its messages.
 */
const framesOfChange = new WeakMap<Change, [Buffer | undefined, Buffer | undefined]>();

function framesFor(owner: StreamOwner, change: Change): Buffer | undefined {
  if (change.organizationId !== owner.organizationId) return undefined;
  if (change.onlyUsers && !change.onlyUsers.includes(owner.userId)) return undefined;
  if (change.kinds.length === 0) return undefined;
  const audience = withoutIds(owner, change) ? 1 : 0;
  let frames = framesOfChange.get(change);
  if (!frames) {
    frames = [undefined, undefined];
    framesOfChange.set(change, frames);
  }
  let bytes = frames[audience];
  if (bytes === undefined) {
    const id = change.id === undefined ? '' : `id: ${change.id}\n`;
    const text = messagesFor(owner, change)
      .map((message) => `${id}data: ${JSON.stringify(message)}\n\n`)
      .join('');
    bytes = Buffer.from(text, 'utf8');
    frames[audience] = bytes;
  }
  return bytes;
}

/** Starts the stream on `response`; returns a function that ends it from the server's side. */
export function startEventStream(
  response: ServerResponse,
  options: EventStreamOptions,
): () => void {
  const { owner, feed } = options;
  let ended = false;

  response.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx (and others that honour it) must pass each line on at once.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });

  const write = (text: string | Buffer) => {
    if (ended) return;
    if (response.writableLength > UNREAD_BYTES_MAX) {
      end();
      return;
    }
    response.write(text);
  };
  // Set below; end() may run before (a replay too large for a client that is not reading).
  let unsubscribe: () => void = () => undefined;
  let heartbeat: NodeJS.Timeout | undefined = undefined;
  /** The last event id this stream gave its client (what it would come back with). */
  let lastIdSent = options.lastEventId;
  const send = (event: string, data: unknown, id?: string) => {
    const idLine = id === undefined ? '' : `id: ${id}\n`;
    write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (id !== undefined) lastIdSent = id;
  };
  const sendChange = (change: Change) => {
    const frames = framesFor(owner, change);
    if (!frames) return;
    write(frames);
    lastIdSent = change.id ?? lastIdSent;
  };

  const endIfSignedOut = () => {
    options.stillSignedIn().then(
      (signedIn) => {
        if (signedIn) return;
        send('ended', {});
        end();
      },
      () => undefined,
    );
  };
  const onChange = (change: Change) => {
    if (owner.apiTokenId !== undefined && change.revokedTokens?.includes(owner.apiTokenId)) {
      send('ended', {});
      end();
      return;
    }
    sendChange(change);
    // The owner was changed (deactivated, given another role): ask now, not at the heartbeat.
    if (change.kinds.includes('employees') && change.ids.includes(owner.userId)) endIfSignedOut();
  };

  // Tells the client how soon to come back after a drop. Then, for a client coming back,
  // what it missed or `reset`, and `ready` with the id of the last change this instance
  // heard, so that even a client that hears nothing can come back to its place. The replay
  // and the subscription happen in one tick: no change falls between them.
  write('retry: 3000\n\n');
  if (options.lastEventId !== undefined) {
    const missed = feed.changesAfter(owner.organizationId, options.lastEventId);
    if (missed === undefined) send('reset', {}, feed.latestId);
    else for (const change of missed) sendChange(change);
    if (ended) return end;
  }
  unsubscribe = feed.subscribe(owner.organizationId, {
    onChange,
    // This instance missed changes: so did its streams.
    onGap: () => send('reset', {}),
  });
  send('ready', {}, feed.latestId);

  heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    // Changes this stream was not to hear moved the feed on: its client learns its new place
    // (an event with an id; a comment cannot carry one), so that coming back it is not sent
    // a reset for changes that were never its own.
    const latest = feed.latestId;
    if (latest !== undefined && latest !== lastIdSent) send('position', {}, latest);
    endIfSignedOut();
  }, options.heartbeatMs);
  heartbeat.unref();

  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    response.end();
  }
  response.on('close', end);
  return end;
}
