/**
 * Status labels and badge colours (spec 4). Lists and detail screens use the
 * `standard` palette; the manager and employee dashboards use the `team`
 * palette, where everything that is not done or late is orange.
 */
import {
  CERTIFICATE_STATUSES,
  EMPLOYEE_STATUSES,
  TASK_STATUSES,
  type CertificateStatus,
  type EmployeeStatus,
  type TaskStatus,
} from './types';

export type StatusColor = 'green' | 'red' | 'blue' | 'purple' | 'yellow' | 'orange';
export type StatusPalette = 'standard' | 'team';

export interface StatusMeta {
  label: string;
  color: StatusColor;
}

export const UNKNOWN_STATUS_LABEL = 'Unknown';

/**
 * `in_progress` → `In Progress`: underscores become spaces, each word is
 * title-cased. `Unknown` when there is no value.
 */
export function statusLabel(value: string | null | undefined): string {
  const words = (value ?? '').split('_').filter((word) => word.trim() !== '');
  if (words.length === 0) return UNKNOWN_STATUS_LABEL;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}

/**
 * Looks a value up case-insensitively (one note of the spec lists the task
 * statuses upper-case) and falls back to `Unknown` in the "other" colour.
 */
function metaFor<S extends string>(
  value: string | null | undefined,
  known: readonly S[],
  colors: Partial<Record<S, StatusColor>>,
  otherColor: StatusColor,
): StatusMeta {
  const normalized = (value ?? '').toLowerCase() as S;
  if (!known.includes(normalized)) return { label: UNKNOWN_STATUS_LABEL, color: otherColor };
  return { label: statusLabel(normalized), color: colors[normalized] ?? otherColor };
}

const TASK_COLORS: Record<StatusPalette, Partial<Record<TaskStatus, StatusColor>>> = {
  // pending is "other": yellow.
  standard: { completed: 'green', overdue: 'red', in_progress: 'blue', escalated: 'purple' },
  team: { completed: 'green', overdue: 'red' },
};
const TASK_OTHER_COLOR: Record<StatusPalette, StatusColor> = { standard: 'yellow', team: 'orange' };

export function taskStatusMeta(
  value: string | null | undefined,
  palette: StatusPalette = 'standard',
): StatusMeta {
  return metaFor(value, TASK_STATUSES, TASK_COLORS[palette], TASK_OTHER_COLOR[palette]);
}

const CERTIFICATE_COLORS: Record<StatusPalette, Record<CertificateStatus, StatusColor>> = {
  standard: { active: 'green', expired: 'red', renewed: 'blue', escalated: 'purple' },
  team: { active: 'green', expired: 'red', renewed: 'blue', escalated: 'orange' },
};
/**
 * The spec names no "other" colour for certificates; an unknown value takes
 * the same fallback as tasks on that screen: yellow on lists, orange on the
 * team dashboards.
 */
const CERTIFICATE_OTHER_COLOR: Record<StatusPalette, StatusColor> = {
  standard: 'yellow',
  team: 'orange',
};

export function certificateStatusMeta(
  value: string | null | undefined,
  palette: StatusPalette = 'standard',
): StatusMeta {
  return metaFor(
    value,
    CERTIFICATE_STATUSES,
    CERTIFICATE_COLORS[palette],
    CERTIFICATE_OTHER_COLOR[palette],
  );
}

// on_leave is "other": yellow.
const EMPLOYEE_COLORS: Partial<Record<EmployeeStatus, StatusColor>> = {
  active: 'green',
  inactive: 'red',
};

export function employeeStatusMeta(value: string | null | undefined): StatusMeta {
  return metaFor(value, EMPLOYEE_STATUSES, EMPLOYEE_COLORS, 'yellow');
}
