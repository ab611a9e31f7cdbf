/**
 * Every migration, in order. Listed here rather than read from the folder at
 * run time, so the same code runs under tsx, jest and any bundler.
 * Names are date-prefixed and never change once released.
 */
import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21-001-initial-schema';
import * as organizationCountIndexes from './2026-11-21-002-organization-count-indexes';
import * as taskUrgencyIndexes from './2026-11-23-003-task-urgency-indexes';
import * as employeeRoleDepartmentIndexes from './2026-11-23-004-employee-role-department-indexes';
import * as notifications from './2026-11-24-005-notifications';
import * as accountTokens from './2026-11-24-006-account-tokens';
import * as tokenVersions from './2026-11-24-007-token-versions';
import * as reminderSweep from './2026-11-24-008-reminder-sweep';
import * as citusKeys from './2026-11-24-010-citus-keys';
import * as listCounters from './2026-11-24-011-list-counters';
import * as taskStatusSortIndexes from './2026-11-24-012-task-status-sort-indexes';
import * as emailChangeLinks from './2026-11-26-201-email-change-links';
import * as taskOpenStatus from './2026-11-26-301-task-open-status';
import * as schedulerRuns from './2026-11-26-401-scheduler-runs';
import * as activity from './2026-11-26-701-activity';
import * as calendarFeedsApiTokens from './2026-11-26-801-calendar-feeds-api-tokens';
import * as webhooks from './2026-11-26-901-webhooks';
import * as tokenVersionNotify from './2026-11-27-301-token-version-notify';
import * as eventTickets from './2026-11-27-302-event-tickets';
import * as documents from './2026-11-28-101-documents';
import * as imports from './2026-11-28-201-imports';
import * as certificateTypes from './2026-11-28-301-certificate-types';
import * as webhookFormats from './2026-11-28-501-webhook-formats';
import * as sharedLimits from './2026-11-28-601-shared-limits';
import * as userRequestLimits from './2026-11-29-701-user-request-limits';
import * as calendarUrlNonce from './2026-11-29-901-calendar-url-nonce';
import * as activityHeadPrevHash from './2026-11-30-701-activity-head-prev-hash';
import * as activitySeals from './2026-11-30-702-activity-seals';

export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial-schema': initialSchema,
  '2026-11-21-002-organization-count-indexes': organizationCountIndexes,
  '2026-11-23-003-task-urgency-indexes': taskUrgencyIndexes,
  '2026-11-23-004-employee-role-department-indexes': employeeRoleDepartmentIndexes,
  '2026-11-24-005-notifications': notifications,
  '2026-11-24-006-account-tokens': accountTokens,
  '2026-11-24-007-token-versions': tokenVersions,
  '2026-11-24-008-reminder-sweep': reminderSweep,
  '2026-11-24-010-citus-keys': citusKeys,
  '2026-11-24-011-list-counters': listCounters,
  '2026-11-24-012-task-status-sort-indexes': taskStatusSortIndexes,
  '2026-11-26-201-email-change-links': emailChangeLinks,
  '2026-11-26-301-task-open-status': taskOpenStatus,
  '2026-11-26-401-scheduler-runs': schedulerRuns,
  '2026-11-26-701-activity': activity,
  '2026-11-26-801-calendar-feeds-api-tokens': calendarFeedsApiTokens,
  '2026-11-26-901-webhooks': webhooks,
  '2026-11-27-301-token-version-notify': tokenVersionNotify,
  '2026-11-27-302-event-tickets': eventTickets,
  '2026-11-28-101-documents': documents,
  '2026-11-28-201-imports': imports,
  '2026-11-28-301-certificate-types': certificateTypes,
  '2026-11-28-501-webhook-formats': webhookFormats,
  '2026-11-28-601-shared-limits': sharedLimits,
  '2026-11-29-701-user-request-limits': userRequestLimits,
  '2026-11-29-901-calendar-url-nonce': calendarUrlNonce,
  '2026-11-30-701-activity-head-prev-hash': activityHeadPrevHash,
  '2026-11-30-702-activity-seals': activitySeals,
};
