import { takePrefetched } from '../prefetched';

/** The answer the page's boot script (api/src/web/boot.ts) leaves on `window`. */
function prefetch(url: string, token = 'token-1') {
  const answer = { status: 200, headers: { 'x-total-count': '2' }, data: [{ id: 'a' }] };
  window.dulyPrefetch = { url, token, response: Promise.resolve(answer) };
  return answer;
}

describe('the answer to the page’s first request, started by the HTML (issue 32)', () => {
  afterEach(() => {
    delete window.dulyPrefetch;
  });

  it('is taken once by the GET of the same URL, whatever the order of its query, with the same token', async () => {
    const answer = prefetch('/api/v1/tasks/?limit=50&offset=0&status=open');
    const taken = takePrefetched('/api/v1/tasks?status=open&offset=0&limit=50', 'token-1');
    await expect(taken).resolves.toEqual(answer);
    expect(
      takePrefetched('/api/v1/tasks/?limit=50&offset=0&status=open', 'token-1'),
    ).toBeUndefined();
  });

  it('is left alone by another request or another session', () => {
    prefetch('/api/v1/tasks/?limit=50&offset=0');
    expect(takePrefetched('/api/v1/tasks/?limit=50&offset=50', 'token-1')).toBeUndefined();
    expect(takePrefetched('/api/v1/tasks/?limit=50&offset=0', 'token-2')).toBeUndefined();
    expect(takePrefetched('/api/v1/certificates/?limit=50&offset=0', 'token-1')).toBeUndefined();
    expect(window.dulyPrefetch).toBeDefined();
  });
});
