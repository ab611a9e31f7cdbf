/**
 * The session token in local storage (spec 4 and 9: key `token`). Only the
 * auth actions use these three functions (the base query reads the token from
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

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}
