import { HttpResponse } from 'msw';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '../../contract/constants';
import { apiUrl } from '../server';
import type { MockStore } from './store';
import type { LoggedRequest } from './types';

/** Thrown by a handler for input the API refuses; `answer` turns it into the API's 400. */
export class BadRequest extends Error {}

export function errorAnswer(status: number, message: string, code: string) {
  return HttpResponse.json({ message, code }, { status });
}

export const notFound = (what: string) => errorAnswer(404, `${what} not found`, 'NOT_FOUND');

function pageOf(query: URLSearchParams): { limit: number; offset: number } {
  const limit = query.get('limit') === null ? PAGE_SIZE_DEFAULT : Number(query.get('limit'));
  const offset = query.get('offset') === null ? 0 : Number(query.get('offset'));
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) {
    throw new BadRequest('limit');
  }
  if (!Number.isInteger(offset) || offset < 0) throw new BadRequest('offset');
  return { limit, offset };
}

/** One page of `rows` as the API answers it: the array, the total in X-Total-Count. */
export function listAnswer<T>(rows: T[], query: URLSearchParams) {
  const { limit, offset } = pageOf(query);
  return HttpResponse.json(rows.slice(offset, offset + limit), {
    headers: { [TOTAL_COUNT_HEADER]: String(rows.length) },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

export type Resolver = (
  request: LoggedRequest,
  params: Record<string, string>,
) => Response | Promise<Response>;

/** A handler that logs the request in the store, then answers it; a BadRequest becomes a 400. */
export function answerer(store: MockStore) {
  return (resolve: Resolver) =>
    async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const url = new URL(request.url);
      const logged: LoggedRequest = {
        method: request.method,
        path: url.pathname.replace(new URL(apiUrl('')).pathname, ''),
        query: url.searchParams,
        body: await readBody(request),
      };
      store.requests.push(logged);
      try {
        return await resolve(logged, params as Record<string, string>);
      } catch (caught) {
        if (!(caught instanceof BadRequest)) throw caught;
        return errorAnswer(400, `Invalid ${caught.message}`, 'VALIDATION_ERROR');
      }
    };
}
