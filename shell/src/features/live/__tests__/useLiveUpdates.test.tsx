import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { baseApi } from '@duly/shared/core';
import { apiUrl, makeToken, renderWithProviders, setupApiServer } from '@duly/shared/test-utils';
import { useLiveUpdates } from '../useLiveUpdates';

/** The browser's EventSource, which jsdom lacks: each stream the page opens, driven by the test. */
class TestEventSource {
  static opened: TestEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data }));
    }
  }
}

const tasksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    liveTestTasks: build.query<{ title: string }[], void>({
      query: () => ({ url: '/tasks/' }),
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
  }),
});

function TaskTitles() {
  useLiveUpdates();
  const { data = [] } = tasksApi.useLiveTestTasksQuery();
  return (
    <ul>
      {data.map((task) => (
        <li key={task.title}>{task.title}</li>
      ))}
    </ul>
  );
}

let titles = ['Renew the fire permit'];
const server = setupApiServer(
  http.post(apiUrl('/events/ticket'), () => HttpResponse.json({ ticket: 'one-use ticket' })),
  http.get(apiUrl('/tasks/'), () => HttpResponse.json(titles.map((title) => ({ title })))),
);

beforeAll(() => {
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
});
afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

test('a change heard on the stream refetches the open list, without a reload', async () => {
  renderWithProviders(<TaskTitles />, { token: makeToken() });
  expect(await screen.findByText('Renew the fire permit')).toBeInTheDocument();
  await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
  const [stream] = TestEventSource.opened;
  expect(stream.url).toMatch(/\/events\?ticket=one-use%20ticket$/);

  titles = ['Renew the fire permit', 'Book the first-aid course'];
  stream.emit('ready');
  stream.emit('message', JSON.stringify({ type: 'tasks', ids: [] }));

  expect(await screen.findByText('Book the first-aid course')).toBeInTheDocument();
});

test('signed out, nothing is opened', async () => {
  TestEventSource.opened = [];
  const tickets = jest.fn();
  server.use(http.post(apiUrl('/events/ticket'), tickets));
  renderWithProviders(<TaskTitles />);
  expect(await screen.findByText('Book the first-aid course')).toBeInTheDocument();
  expect(tickets).not.toHaveBeenCalled();
  expect(TestEventSource.opened).toHaveLength(0);
});

test('two tabs of one person (two apps on one BroadcastChannel) open one stream, and both refetch', async () => {
  TestEventSource.opened = [];
  titles = ['Renew the fire permit'];
  const token = makeToken();
  const first = renderWithProviders(<TaskTitles />, { token });
  const second = renderWithProviders(<TaskTitles />, { token });
  await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
  // Long enough for a second claim, had there been one.
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(TestEventSource.opened).toHaveLength(1);

  titles = ['Renew the fire permit', 'Order new gloves'];
  const [stream] = TestEventSource.opened;
  stream.emit('ready');
  stream.emit('message', JSON.stringify({ type: 'tasks', ids: [] }));
  await waitFor(() => expect(screen.getAllByText('Order new gloves')).toHaveLength(2));
  first.unmount();
  second.unmount();
});

test('without BroadcastChannel each tab opens its own stream', async () => {
  TestEventSource.opened = [];
  const channel = globalThis.BroadcastChannel;
  delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  try {
    const token = makeToken();
    const first = renderWithProviders(<TaskTitles />, { token });
    const second = renderWithProviders(<TaskTitles />, { token });
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(2));
    first.unmount();
    second.unmount();
  } finally {
    globalThis.BroadcastChannel = channel;
  }
});

test('a chrome gone before the stream code has loaded opens nothing', async () => {
  TestEventSource.opened = [];
  const tickets = jest.fn(() => HttpResponse.json({ ticket: 'one-use ticket' }));
  server.use(http.post(apiUrl('/events/ticket'), tickets));
  const page = renderWithProviders(<TaskTitles />, { token: makeToken() });
  // The stream's code is a lazily loaded module: unmounted before it arrives.
  page.unmount();
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(tickets).not.toHaveBeenCalled();
  expect(TestEventSource.opened).toHaveLength(0);
});

test('a page still loading opens its stream only after its load event (issue 32: off the start-up)', async () => {
  TestEventSource.opened = [];
  const state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  try {
    renderWithProviders(<TaskTitles />, { token: makeToken() });
    expect(await screen.findByText('Renew the fire permit')).toBeInTheDocument();
    // The list is on screen and has its data: still no stream while the page loads (longer
    // than the tabs' leader election, which opened one within about 0.5 s before).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(TestEventSource.opened).toHaveLength(0);

    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
  } finally {
    state.mockRestore();
  }
});
