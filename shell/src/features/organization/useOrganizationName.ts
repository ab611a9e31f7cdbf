import { useEffect } from 'react';
import { selectCurrentUser, useAppSelector } from '@duly/shared/core';
import { useOrganizationsGetQuery } from './api';

/**
 * The name of the signed-in user's organisation, or null while unknown.
 * Fetched only when the user has both an organization_id and a token (spec 6);
 * a failure is only logged (spec 8): the chrome then simply shows no name.
 */
export function useOrganizationName(): string | null {
  const user = useAppSelector(selectCurrentUser);
  const organizationId = user?.organization_id;
  const canFetch = Boolean(organizationId && user?.token);
  const { data, error } = useOrganizationsGetQuery(organizationId ?? '', { skip: !canFetch });

  useEffect(() => {
    if (error) console.error('Error fetching organization', error);
  }, [error]);

  return canFetch ? (data?.name ?? null) : null;
}
