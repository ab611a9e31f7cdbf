/**
 * Holds the requests of one method and path until `release()`; then they go on to the next
 * handler (MSW falls through when a resolver returns nothing). For loading and pending states:
 * `server.use(hold.handler, ...backend.handlers)`, look at the loading state, `hold.release()`.
 */
import { delay, http, HttpResponse } from 'msw';
import { apiUrl } from './server';

export interface RequestHold {
  handler: ReturnType<typeof http.get>;
  release: () => void;
}

export function holdRequests(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
): RequestHold {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: http[method](apiUrl(path), async () => {
      await gate;
    }),
    release: () => release(),
  };
}

/** Never answers requests of one method and path: the screen stays in its loading state. */
export function neverAnswers(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
): RequestHold['handler'] {
  return http[method](apiUrl(path), async () => {
    await delay('infinite');
    return HttpResponse.json(null);
  });
}
