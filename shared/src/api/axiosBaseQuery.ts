/**
 * The one way the front end talks to the API (spec 7): the session's token (read from the
 * store) as a bearer header and JSON bodies. A 401 ends the session; any other failure is
 * logged and handed to the caller as an `ApiError`.
 *
 * `fetch`, with axios' conventions (its URL joining and query encoding, its error messages),
 * since 2.x (issue 32): axios was 16.7 KB gzipped of every signed-in page for what the browser
 * does itself. Uploads with progress and file downloads still use axios, loaded when used.
 */
import type { AxiosRequestConfig, Method } from 'axios';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiErrorBody } from '../contract/types';
import { apiConfig } from './config';
import type { ApiError } from './errors';
import { takePrefetched } from './prefetched';
import { knownAnswersOf, sessionOf } from './session';
import { redirectToLogin } from './unauthorized';

/** What an endpoint's `query` returns. */
export interface ApiRequest {
  url: string;
  method?: Method;
  data?: unknown;
  params?: AxiosRequestConfig['params'];
}

/** Passed to `transformResponse` as its second argument (`toPage` reads it). */
export interface ApiMeta {
  status: number;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
}

export type ApiBaseQuery = BaseQueryFn<ApiRequest, unknown, ApiError, object, ApiMeta>;

/** The base URL and the path joined as axios joins them (an absolute URL is kept). */
function joinUrl(baseUrl: string, url: string): string {
  if (/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  return url ? `${baseUrl.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}` : baseUrl;
}

/** A query value encoded as axios encodes it (`:`, `$`, `,` kept, spaces as `+`). */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

function queryValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `url` with `params` as axios serialises them: no null or undefined, arrays as `name[]`. */
export function requestUrl(baseUrl: string, url: string, params?: unknown): string {
  const full = joinUrl(baseUrl, url);
  const pairs: string[] = [];
  if (typeof params === 'object' && params !== null) {
    for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
      if (value === null || value === undefined) continue;
      const values: unknown[] = Array.isArray(value) ? value : [value];
      const key = Array.isArray(value) ? `${name}[]` : name;
      for (const item of values) pairs.push(`${encode(key)}=${encode(queryValue(item))}`);
    }
  }
  if (pairs.length === 0) return full;
  const hashless = full.split('#')[0]!;
  return `${hashless}${hashless.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

function plainHeaders(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => {
    plain[name.toLowerCase()] = value;
  });
  return plain;
}

/** The answer's body as axios gave it: parsed JSON, else the text ('' when empty). */
async function responseData(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The request's body and its content type: a plain value as JSON; strings, FormData, files and
 * URLSearchParams as they are, with the type the browser gives them (a FormData's boundary), as
 * axios does.
 */
function requestBody(data: unknown): { body?: BodyInit; json: boolean } {
  if (data === undefined) return { json: false };
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof URLSearchParams
  )
    return { body: data, json: false };
  return { body: JSON.stringify(data), json: true };
}

function errorBody(data: unknown): ApiErrorBody | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' ? (data as ApiErrorBody) : undefined;
}

export function axiosBaseQuery(): ApiBaseQuery {
  return async ({ url, method = 'GET', data, params }, { signal, getState, dispatch, extra }) => {
    const session = sessionOf(extra);
    const token = session?.token(getState()) ?? null;
    const target = requestUrl(apiConfig().baseUrl, url, params);
    if (method.toUpperCase() === 'GET') {
      const prefetched = knownAnswersOf(extra)?.(target) ?? takePrefetched(target, token);
      const answer = prefetched && (await prefetched);
      if (answer)
        return { data: answer.data, meta: { status: answer.status, headers: answer.headers } };
    }
    const { body: requestData, json } = requestBody(data);
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    if (json) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(target, {
        method: method.toUpperCase(),
        headers,
        body: requestData,
        signal,
      });
    } catch (caught) {
      if (signal.aborted) throw caught;
      // What axios said of a request that got no answer.
      const error: ApiError = { status: 'FETCH_ERROR', message: 'Network Error' };
      console.error(`API ${method.toUpperCase()} ${url} failed:`, error.status, error.message);
      return { error };
    }
    const body = await responseData(response);
    const meta: ApiMeta = { status: response.status, headers: plainHeaders(response.headers) };
    if (response.ok) return { data: body, meta };
    const errorData = errorBody(body);
    const error: ApiError = {
      status: response.status,
      message: errorData?.message ?? `Request failed with status code ${response.status}`,
      ...(errorData ? { data: errorData } : {}),
    };
    // A 401 on a request that carried a token means the session is over
    // (expired or revoked): end it with a full reload of /login. Without a
    // token there is no session to end; a failed sign-in must reach the form.
    if (response.status === 401 && token) {
      if (session) dispatch(session.expired());
      redirectToLogin();
    } else {
      console.error(`API ${method.toUpperCase()} ${url} failed:`, error.status, error.message);
    }
    return { error, meta };
  };
}
