/**
 * Several tabs of one person share one stream (issue 31, item 3; docs/live.md): the tabs talk
 * over a `BroadcastChannel`, one of them (the leader) holds the EventSource and passes on what
 * it hears, the others only listen. The API then holds one stream per person and browser,
 * not one per tab.
 *
 * - **Who leads**: a tab that starts asks (`hello`); a leader answers at once with its
 *   heartbeat. Hearing none within `claimMs`, the tab claims the lead; of two claims at once the
 *   smaller id wins, and of two leaders (a split) the smaller id stays and the other steps down.
 * - **Hand-over**: a leader that stops (its tab closes: `pagehide`) says so (`resign`), and
 *   the others claim at once. A leader that vanished without a word (a crash, a frozen tab) is
 *   noticed when its heartbeats stop for three beats. The new leader opens its own stream and
 *   refetches everything once: what changed during the hand-over was not heard.
 * - Without BroadcastChannel each tab keeps its own stream (useLiveUpdates.ts).
 */
import type { ApiTagType } from '@duly/shared/core';

/** The part of BroadcastChannel this uses (a test gives its own). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface TabLeaderOptions {
  channel: ChannelLike;
  /** This tab's id: unique among the tabs; the smaller wins a tie. */
  id?: string;
  /** Opens this tab's stream, which passes what it hears to `deliver`; returns its stop. */
  lead(deliver: (tags: ApiTagType[]) => void): () => void;
  /** Refetches in this tab. */
  invalidate(tags: ApiTagType[]): void;
  /** Every tag: invalidated by a new leader after a hand-over. */
  everyTag: readonly ApiTagType[];
  heartbeatMs?: number;
  claimMs?: number;
}

type Message =
  | { kind: 'hello'; from: string }
  | { kind: 'leader'; from: string }
  | { kind: 'claim'; from: string }
  | { kind: 'resign'; from: string }
  | { kind: 'tags'; from: string; tags: ApiTagType[] };

export class TabLeader {
  readonly id: string;
  private role: 'starting' | 'follower' | 'claiming' | 'leader' | 'stopped' = 'starting';
  private stopStream: (() => void) | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private heardLeader = false;
  private readonly heartbeatMs: number;
  private readonly claimMs: number;

  constructor(private readonly options: TabLeaderOptions) {
    this.id = options.id ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    this.heartbeatMs = options.heartbeatMs ?? 1000;
    this.claimMs = options.claimMs ?? 200;
    options.channel.addEventListener('message', (event) => this.receive(event.data as Message));
  }

  get isLeader(): boolean {
    return this.role === 'leader';
  }

  start(): void {
    this.send({ kind: 'hello', from: this.id });
    this.waitThenClaim(this.claimMs);
  }

  stop(): void {
    if (this.role === 'stopped') return;
    const wasLeader = this.role === 'leader';
    this.stepDown();
    this.role = 'stopped';
    clearTimeout(this.timer);
    if (wasLeader) this.send({ kind: 'resign', from: this.id });
    this.options.channel.close();
  }

  private receive(message: Message): void {
    if (this.role === 'stopped' || !message || message.from === this.id) return;
    switch (message.kind) {
      case 'hello':
        // A new tab: tell it who leads before it claims.
        if (this.role === 'leader') this.send({ kind: 'leader', from: this.id });
        break;
      case 'leader':
        if (this.role === 'leader') {
          // Two leaders: the smaller id stays.
          if (message.from < this.id) this.follow();
          else this.send({ kind: 'leader', from: this.id });
        } else {
          this.follow();
        }
        break;
      case 'claim':
        if (this.role === 'leader') this.send({ kind: 'leader', from: this.id });
        // Two tabs claiming (or one still starting): the smaller id goes on.
        else if (this.role !== 'follower' && message.from < this.id) this.follow();
        break;
      case 'resign':
        if (this.role !== 'leader') this.claim();
        break;
      case 'tags':
        if (this.role !== 'leader') {
          this.follow();
          this.options.invalidate(message.tags);
        }
        break;
    }
  }

  /** Someone else leads: listen, and claim if its heartbeats stop. */
  private follow(): void {
    this.heardLeader = true;
    if (this.role === 'leader') this.stepDown();
    this.role = 'follower';
    this.waitThenClaim(this.heartbeatMs * 3);
  }

  private waitThenClaim(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.claim(), ms);
  }

  private claim(): void {
    if (this.role === 'leader' || this.role === 'stopped') return;
    this.role = 'claiming';
    this.send({ kind: 'claim', from: this.id });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.role === 'claiming') this.becomeLeader();
    }, this.claimMs);
  }

  private becomeLeader(): void {
    this.role = 'leader';
    clearTimeout(this.timer);
    this.send({ kind: 'leader', from: this.id });
    this.heartbeat = setInterval(
      () => this.send({ kind: 'leader', from: this.id }),
      this.heartbeatMs,
    );
    this.stopStream = this.options.lead((tags) => {
      this.options.invalidate(tags);
      this.send({ kind: 'tags', from: this.id, tags });
    });
    // Taking over from another tab: what changed in between was not heard.
    if (this.heardLeader) {
      this.options.invalidate([...this.options.everyTag]);
      this.send({ kind: 'tags', from: this.id, tags: [...this.options.everyTag] });
    }
  }

  private stepDown(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.stopStream?.();
    this.stopStream = undefined;
  }

  private send(message: Message): void {
    try {
      this.options.channel.postMessage(message);
    } catch {
      // The channel is closed (the tab is going away): nothing to tell.
    }
  }
}
