import { useEffect } from 'react';
import { selectCurrentUser, useAppSelector } from '@duly/shared/core';
import { useAfterFirstPaint } from '../first-paint';
import { useOrganizationsGetQuery } from './api';

/**
 * The name of the signed-in user's organisation, or null while unknown.
 * Fetched only when the user has both an organization_id and a token (spec 6);
 * a failure is only logged (spec 8): the chrome then simply shows no name. Asked after the
 * first paint (useAfterFirstPaint), which never waits for it.
 */
export function useOrganizationName(): string | null {
  const user = useAppSelector(selectCurrentUser);
  const organizationId = user?.organization_id;
  const canFetch = Boolean(organizationId && user?.token);
  // Asked once the screen's first frame is painted (issue 32): the name joins the top bar then.
  const painted = useAfterFirstPaint();
  const { data, error } = useOrganizationsGetQuery(organizationId ?? '', {
    skip: !canFetch || !painted,
  });

  useEffect(() => {
    if (error) console.error('Error fetching organization', error);
  }, [error]);

  return canFetch ? (data?.name ?? null) : null;
}
