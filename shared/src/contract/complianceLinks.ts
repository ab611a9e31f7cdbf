// The dashboards' compliance line and link (issue 28): no dates, so in @duly/shared/core too.

/** The dashboards' line about the gaps: "No gaps", "1 gap", "12 gaps" (required, not held valid). */
export function complianceGapsSentence(gaps: number): string {
  if (gaps === 0) return 'No gaps';
  return gaps === 1 ? '1 gap' : `${gaps} gaps`;
}

/**
 * The dashboards' link to the matrix filtered to the gaps: the organisation's, or with
 * `teamOf` (a manager's id) their team's.
 */
export function complianceGapsPath(teamOf?: string): string {
  const query = new URLSearchParams({ gaps_only: 'true' });
  if (teamOf) query.set('team_of', teamOf);
  return `/compliance?${query.toString()}`;
}
