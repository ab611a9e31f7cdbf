/**
 * The session token in local storage (spec 4 and 9: key `token`). Only the
 * auth actions use these functions (the base query reads the token from
 * the store), so nothing else spells the key. Storage that is missing or blocked (private mode, a
 * server) behaves as empty.
 */
import { TOKEN_STORAGE_KEY } from '../contract/constants';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

/**
 * Told of every stored token and every removal (issue 32): the shell mirrors the session into
 * the cookie the server's HTML route reads (api/src/web/session-cookie.ts) when the page it
 * runs in was served by a server that offers one. None by default: a static host, a test.
 */
export type SessionMirror = (token: string | null) => void;

let mirror: SessionMirror | null = null;

/** Sets the session mirror; without an argument, removes it. */
export function setSessionMirror(next?: SessionMirror): void {
  mirror = next ?? null;
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  mirror?.(token);
}

export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  mirror?.(null);
}
