import { isApiError, type LINK_GONE_CODES } from '@duly/shared/core';

export type LinkGoneReason = 'used' | 'expired';

/** Why a one-time link no longer works (the API's 410), or null for any other failure. */
export function linkGoneReason(error: unknown): LinkGoneReason | null {
  if (!isApiError(error) || error.status !== 410) return null;
  const code = error.data?.code as (typeof LINK_GONE_CODES)[number] | undefined;
  return code === 'link_used' ? 'used' : 'expired';
}
