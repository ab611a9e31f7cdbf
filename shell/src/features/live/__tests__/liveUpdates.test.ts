import type { ApiTagType } from '@duly/shared/core';
import { LiveUpdates, type EventSourceLike } from '../liveUpdates';

/** A stream as the browser's EventSource presents it, driven by the test. */
class FakeSource implements EventSourceLike {
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data = '{}', lastEventId = ''): void {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data, lastEventId }));
    }
  }
  message(data: unknown, lastEventId = ''): void {
    this.emit('message', JSON.stringify(data), lastEventId);
  }
}

function setup(tickets: (() => Promise<string>)[] = []) {
  const sources: FakeSource[] = [];
  const invalidated: ApiTagType[][] = [];
  let issued = 0;
  const live = new LiveUpdates({
    ticket: () => tickets.shift()?.() ?? Promise.resolve(`ticket-${(issued += 1)}`),
    streamUrl: (ticket, lastEventId) =>
      `/api/v1/events?ticket=${ticket}${lastEventId ? `&last_event_id=${lastEventId}` : ''}`,
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    invalidate: (tags) => invalidated.push([...tags].sort()),
    batchMs: 50,
    firstRetryMs: 1000,
    longestRetryMs: 4000,
  });
  return { live, sources, invalidated };
}

/** Lets the ticket's promise settle (fake timers do not run promise callbacks). */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('opens one stream with a fresh ticket and turns the kinds it hears into one batch of tags', async () => {
  const { live, sources, invalidated } = setup();
  live.start();
  await settle();
  expect(sources.map((source) => source.url)).toEqual(['/api/v1/events?ticket=ticket-1']);

  const [source] = sources;
  source.emit('ready');
  source.message({ type: 'tasks', ids: ['t1'] });
  source.message({ type: 'dashboard', ids: ['t1'] });
  source.message({ type: 'tasks', ids: ['t2'] });
  source.message({ type: 'something-new', ids: [] });
  expect(invalidated).toEqual([]);
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([['Dashboard', 'Task']]);

  source.message({ type: 'notifications', ids: ['n1'] });
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([['Dashboard', 'Task'], ['Notification']]);
  live.stop();
  expect(source.closed).toBe(true);
});

test('after a drop with no event id heard, it reconnects with a new ticket, backing off, and then refetches everything it missed', async () => {
  const { live, sources, invalidated } = setup();
  live.start();
  await settle();
  sources[0].emit('ready');
  expect(invalidated).toEqual([]);

  sources[0].emit('error');
  expect(sources[0].closed).toBe(true);
  jest.advanceTimersByTime(999);
  await settle();
  expect(sources).toHaveLength(1);
  jest.advanceTimersByTime(1);
  await settle();
  expect(sources[1].url).toBe('/api/v1/events?ticket=ticket-2');

  // Refused again (the server is down): the next try waits twice as long.
  sources[1].emit('error');
  jest.advanceTimersByTime(1999);
  await settle();
  expect(sources).toHaveLength(2);
  jest.advanceTimersByTime(1);
  await settle();
  expect(sources).toHaveLength(3);

  sources[2].emit('ready');
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([
    ['Certificate', 'Dashboard', 'Employee', 'Notification', 'Organization', 'Task'],
  ]);
  live.stop();
});

test('a stream that says the session ended stops for good and lets the refetch sign the person out', async () => {
  const { live, sources, invalidated } = setup();
  live.start();
  await settle();
  sources[0].emit('ready');
  sources[0].emit('ended');
  expect(sources[0].closed).toBe(true);
  expect(invalidated).toHaveLength(1);
  jest.advanceTimersByTime(60_000);
  await settle();
  expect(sources).toHaveLength(1);
});

test('signed out (the ticket is refused with 401): no stream, no retry; a network failure is retried', async () => {
  const signedOut = setup([() => Promise.reject({ status: 401 })]);
  signedOut.live.start();
  await settle();
  jest.advanceTimersByTime(60_000);
  await settle();
  expect(signedOut.sources).toHaveLength(0);

  const offline = setup([() => Promise.reject({ status: 'FETCH_ERROR' })]);
  offline.live.start();
  await settle();
  expect(offline.sources).toHaveLength(0);
  jest.advanceTimersByTime(1000);
  await settle();
  expect(offline.sources).toHaveLength(1);
  offline.live.stop();
});

/** Drops the current stream and lets the first retry open the next. */
async function dropAndReconnect(sources: FakeSource[]): Promise<FakeSource> {
  sources[sources.length - 1].emit('error');
  jest.advanceTimersByTime(1000);
  await settle();
  return sources[sources.length - 1];
}

test('it comes back with the id of the last event it heard, and refetches only what the API replays', async () => {
  const { live, sources, invalidated } = setup();
  live.start();
  await settle();
  sources[0].emit('ready', '{}', 'e1');
  sources[0].message({ type: 'tasks', ids: ['t1'] }, 'e2');
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([['Task']]);

  const second = await dropAndReconnect(sources);
  expect(second.url).toBe('/api/v1/events?ticket=ticket-2&last_event_id=e2');
  // The API replays what was missed, then says it is ready: nothing else is refetched.
  second.message({ type: 'certificates', ids: ['c1'] }, 'e5');
  second.emit('ready', '{}', 'e5');
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([['Task'], ['Certificate']]);

  // Changes it was not to hear move its place on (`position`, at a heartbeat).
  second.emit('position', '{}', 'e9');
  const third = await dropAndReconnect(sources);
  expect(third.url).toBe('/api/v1/events?ticket=ticket-3&last_event_id=e9');
  live.stop();
});

test('a reset from the API (it no longer holds what was missed) refetches everything', async () => {
  const { live, sources, invalidated } = setup();
  live.start();
  await settle();
  sources[0].emit('ready', '{}', 'e1');
  const second = await dropAndReconnect(sources);
  second.emit('reset', '{}', 'e40');
  second.emit('ready', '{}', 'e40');
  jest.advanceTimersByTime(50);
  expect(invalidated).toEqual([
    ['Certificate', 'Dashboard', 'Employee', 'Notification', 'Organization', 'Task'],
  ]);
  const third = await dropAndReconnect(sources);
  expect(third.url).toBe('/api/v1/events?ticket=ticket-3&last_event_id=e40');
  live.stop();
});
