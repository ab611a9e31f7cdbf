/**
 * axios, loaded when a file is uploaded or downloaded (issue 32): the base query uses `fetch`,
 * so a screen that never sends or fetches a file never downloads axios.
 */
import type { AxiosStatic } from 'axios';

export async function loadAxios(): Promise<AxiosStatic> {
  return (await import('axios')).default;
}
