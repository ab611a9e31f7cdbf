/**
 * The one way the front end talks to the API (spec 7): axios with the session's
 * token (read from the store) as a bearer header and JSON bodies. A 401 ends the
 * session; any other failure is logged and handed to the caller as an `ApiError`.
 */
import axios, { type AxiosRequestConfig, type Method } from 'axios';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ApiErrorBody } from '../contract/types';
import { apiConfig } from './config';
import type { ApiError } from './errors';
import { takePrefetched } from './prefetched';
import { sessionOf } from './session';
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

const http = axios.create({ headers: { 'Content-Type': 'application/json' } });

function plainHeaders(headers: unknown): Record<string, string> {
  const plain: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return plain;
  // Copy into a plain object: AxiosHeaders would fail redux's serializability check.
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value !== undefined && value !== null) plain[name.toLowerCase()] = String(value);
  }
  return plain;
}

function errorBody(data: unknown): ApiErrorBody | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' ? (data as ApiErrorBody) : undefined;
}

export function axiosBaseQuery(): ApiBaseQuery {
  return async ({ url, method = 'GET', data, params }, { signal, getState, dispatch, extra }) => {
    const session = sessionOf(extra);
    const token = session?.token(getState()) ?? null;
    if (method.toUpperCase() === 'GET') {
      const prefetched = takePrefetched(
        http.getUri({ baseURL: apiConfig().baseUrl, url, params }),
        token,
      );
      const answer = prefetched && (await prefetched);
      if (answer)
        return { data: answer.data, meta: { status: answer.status, headers: answer.headers } };
    }
    try {
      const response = await http.request({
        baseURL: apiConfig().baseUrl,
        url,
        method,
        data,
        params,
        signal,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      });
      return {
        data: response.data,
        meta: { status: response.status, headers: plainHeaders(response.headers) },
      };
    } catch (caught) {
      if (!axios.isAxiosError(caught)) throw caught;
      const status = caught.response?.status;
      const body = errorBody(caught.response?.data);
      const error: ApiError = {
        status: status ?? 'FETCH_ERROR',
        message: body?.message ?? caught.message,
        ...(body ? { data: body } : {}),
      };
      // A 401 on a request that carried a token means the session is over
      // (expired or revoked): end it with a full reload of /login. Without a
      // token there is no session to end; a failed sign-in must reach the form.
      if (status === 401 && token) {
        if (session) dispatch(session.expired());
        redirectToLogin();
      } else {
        console.error(`API ${method.toUpperCase()} ${url} failed:`, error.status, error.message);
      }
      return {
        error,
        ...(caught.response
          ? {
              meta: {
                status: caught.response.status,
                headers: plainHeaders(caught.response.headers),
              },
            }
          : {}),
      };
    }
  };
}
