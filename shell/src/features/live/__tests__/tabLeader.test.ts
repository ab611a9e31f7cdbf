import type { ApiTagType } from '@duly/shared/core';
import { TabLeader, type ChannelLike } from '../tabLeader';

/** One browser's BroadcastChannel of one name: a message reaches every other open tab, later. */
class Hub {
  private readonly open = new Set<TestChannel>();
  join(): TestChannel {
    const channel = new TestChannel(this);
    this.open.add(channel);
    return channel;
  }
  leave(channel: TestChannel) {
    this.open.delete(channel);
  }
  post(from: TestChannel, message: unknown) {
    for (const channel of this.open) {
      if (channel !== from) setTimeout(() => channel.deliver(message), 0);
    }
  }
}

class TestChannel implements ChannelLike {
  private listeners: ((event: MessageEvent) => void)[] = [];
  private closed = false;
  constructor(private readonly hub: Hub) {}
  postMessage(message: unknown) {
    if (this.closed) throw new Error('closed');
    this.hub.post(this, message);
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    this.hub.leave(this);
  }
  deliver(message: unknown) {
    if (this.closed) return;
    for (const listener of this.listeners) listener(new MessageEvent('message', { data: message }));
  }
}

const EVERY: ApiTagType[] = ['Task', 'Dashboard'];

/** A tab: its own stream (when it leads) and what it refetched. */
function openTab(hub: Hub, id: string, { start = true } = {}) {
  const tab = {
    streams: 0,
    open: false,
    deliver: undefined as ((tags: ApiTagType[]) => void) | undefined,
    invalidated: [] as ApiTagType[][],
    leader: undefined as unknown as TabLeader,
    channel: hub.join(),
  };
  tab.leader = new TabLeader({
    channel: tab.channel,
    id,
    everyTag: EVERY,
    heartbeatMs: 1000,
    claimMs: 100,
    invalidate: (tags) => tab.invalidated.push(tags),
    lead: (deliver) => {
      tab.streams += 1;
      tab.open = true;
      tab.deliver = deliver;
      return () => {
        tab.open = false;
        tab.deliver = undefined;
      };
    },
  });
  if (start) tab.leader.start();
  return tab;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('two tabs: one holds the stream, and what it hears is refetched in both', () => {
  const hub = new Hub();
  const first = openTab(hub, 'a');
  jest.advanceTimersByTime(500);
  const second = openTab(hub, 'b');
  jest.advanceTimersByTime(5000);

  expect([first.streams, second.streams]).toEqual([1, 0]);
  expect(first.leader.isLeader).toBe(true);
  first.deliver!(['Task']);
  jest.advanceTimersByTime(10);
  expect(first.invalidated).toEqual([['Task']]);
  expect(second.invalidated).toEqual([['Task']]);
});

test('two tabs opened at the same moment still end up with one stream', () => {
  const hub = new Hub();
  const tabs = [openTab(hub, 'b'), openTab(hub, 'a')];
  jest.advanceTimersByTime(5000);
  expect(tabs.filter((tab) => tab.open)).toHaveLength(1);
  expect(tabs[1].open).toBe(true);
});

test("when the leader's tab closes the other takes the stream over at once and refetches everything", () => {
  const hub = new Hub();
  const first = openTab(hub, 'a');
  jest.advanceTimersByTime(500);
  const second = openTab(hub, 'b');
  jest.advanceTimersByTime(2000);

  first.leader.stop();
  expect(first.open).toBe(false);
  jest.advanceTimersByTime(200);
  expect(second.open).toBe(true);
  expect(second.invalidated).toEqual([EVERY]);
  second.deliver!(['Dashboard']);
  expect(second.invalidated.at(-1)).toEqual(['Dashboard']);
});

test('a leader that vanishes without a word (a crash) is replaced once its heartbeats stop', () => {
  const hub = new Hub();
  const first = openTab(hub, 'a');
  jest.advanceTimersByTime(500);
  const second = openTab(hub, 'b');
  jest.advanceTimersByTime(2000);

  // The tab is gone without a word: nothing it sends arrives any more.
  first.channel.close();
  jest.advanceTimersByTime(2000);
  expect(second.open).toBe(false);
  jest.advanceTimersByTime(1500);
  expect(second.open).toBe(true);
  expect(second.invalidated).toEqual([EVERY]);
});

test('three tabs: closing the leader leaves exactly one new leader', () => {
  const hub = new Hub();
  const tabs = [openTab(hub, 'a')];
  jest.advanceTimersByTime(500);
  tabs.push(openTab(hub, 'c'), openTab(hub, 'b'));
  jest.advanceTimersByTime(3000);
  expect(tabs.map((tab) => tab.open)).toEqual([true, false, false]);

  tabs[0].leader.stop();
  jest.advanceTimersByTime(5000);
  expect(tabs.slice(1).map((tab) => tab.open)).toEqual([false, true]);
  expect(tabs[1].streams + tabs[2].streams).toBe(1);
});
