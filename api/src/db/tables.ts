/**
 * The database as Kysely sees it. Both SQLite and PostgreSQL store ids as
 * UUID text, instants as ISO-8601 UTC text and calendar dates as
 * `YYYY-MM-DD` text (see lib/dates.ts), so one set of queries serves both.
 */
import type {
  ColumnType,
  Generated,
  Kysely,
  RawBuilder,
  Selectable,
  Insertable,
  Updateable,
} from 'kysely';
import type {
  ActivityActorKind,
  ActivityEntityType,
  CertificateStatus,
  EmployeeStatus,
  NotificationKind,
  NoticeItemType,
  NoticeKind,
  Role,
  TaskStatus,
} from '@duly/shared/contract';

/** The kinds of notice: one list, in the API contract the shell reads too. */
export type { NotificationKind };

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  /** 1: an employee's document waits for a manager's approval (issue 26; default 1). */
  documents_need_approval: Generated<number>;
}

export type DocumentStatus = 'approved' | 'pending' | 'rejected';

/** A file on a certificate (issue 26, migration 2026-11-28-101). */
export interface DocumentsTable {
  organization_id: string;
  id: string;
  certificate_id: string;
  storage_key: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  status: DocumentStatus;
  rejection_reason: string | null;
  uploaded_by_user_id: string;
  /** The certificate's expiry date when the document was uploaded. */
  valid_until: string;
  proposed_issue_date: string | null;
  proposed_expiry_date: string | null;
  decided_by_user_id: string | null;
  decided_at: string | null;
  created_at: string;
}

/** Employees are users: one table for people who sign in and people who are assigned work. */
export interface UsersTable {
  id: string;
  organization_id: string;
  /**
   * Always stored lower-cased, compared without case. Unique across the system: through
   * `user_emails`, which must change with it (repositories/users.ts does both).
   */
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  phone: string | null;
  department: string | null;
  role: Role;
  status: EmployeeStatus;
  /** Null until the person accepts their invitation (sets a password): cannot sign in. */
  password_hash: string | null;
  /**
   * Signed into every token (claim `ver`); a password change, a deactivation or a role change
   * adds one, which ends every token signed before (plugins/auth.ts).
   */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TasksTable {
  id: string;
  organization_id: string;
  title: string;
  description: string | null;
  due_date: string;
  status: TaskStatus;
  assigned_to_user_id: string | null;
  created_by_user_id: string;
  assigner_id: string | null;
  /**
   * The open status (pending or in_progress) the task had before it became overdue, which it
   * goes back to when its due instant moves into the future (migration 301); null when not
   * known (then `pending`). Kept by every statement that changes the status.
   */
  open_status: ColumnType<
    OpenTaskStatus | null,
    OpenTaskStatus | null | undefined,
    OpenTaskStatus | null
  >;
  created_at: string;
  updated_at: string;
}

export type OpenTaskStatus = Extract<TaskStatus, 'pending' | 'in_progress'>;

export interface CertificatesTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  issue_date: string | null;
  expiry_date: string;
  reminder_days_before: number;
  department: string | null;
  incharge_person_id: string | null;
  created_by_user_id: string;
  /** Who last assigned the incharge person (the assign endpoint); not part of the API shape. */
  assigner_id: string | null;
  status: CertificateStatus;
  /**
   * The reminders' schedule (migration 008, reminders/schedule.ts `certificateSchedule`),
   * required on every insert: the day the next reminder is due, null once it is recorded.
   */
  remind_on: ColumnType<string | null, string, string | null>;
  /** The day an expired certificate is escalated; kept with the expiry date. */
  escalate_on: ColumnType<string, string, string>;
  /** The certificate's type (migration 2026-11-28-301); null: untyped, as before types. */
  certificate_type_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its own reminder offsets, a JSON array of days; null: the type's (or reminder_days_before). */
  reminder_offsets: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** The catalogue of certificate types (migration 2026-11-28-301, issue 28). */
export interface CertificateTypesTable {
  organization_id: string;
  id: string;
  name: string;
  description: string | null;
  /** Null: a certificate of this type does not expire. */
  validity_months: number | null;
  /** JSON array of days before expiry, largest first: `[30,7]`. */
  reminder_offsets: string;
  /** 1 or 0 (SQLite has no booleans). */
  remind_after_expiry: number;
  /** 1 or 0: required for every person of the organisation. */
  required_for_everyone: number;
  created_at: string;
  updated_at: string;
}

/** One role or department a certificate type is required for. */
export interface CertificateTypeRequirementsTable {
  organization_id: string;
  certificate_type_id: string;
  kind: 'role' | 'department';
  value: string;
}

/** The reminders' ledger (migration 005): one notice to one person, in-app and by email. */
export interface NotificationsTable {
  id: string;
  organization_id: string;
  recipient_user_id: string;
  /** The occurrence and the recipient; unique per organisation (insert-or-ignore). */
  key: string;
  kind: NoticeKind;
  item_type: NoticeItemType;
  item_id: string;
  item_title: string;
  /** The due instant or expiry date the notice is about. */
  item_date: string;
  /** `digest`: date-based, mailed at REMINDER_TIME; `immediate`: a status change. */
  delivery: 'digest' | 'immediate';
  email_status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  send_after: string;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  read_at: string | null;
  created_at: string;
}

/** A kind of email a person turned off (from /profile or an unsubscribe link). */
export interface EmailOptOutsTable {
  organization_id: string;
  user_id: string;
  kind: NotificationKind;
  created_at: string;
}

/**
 * `email_verification`: a sign-up's link, that makes its address held (docs/accounts.md);
 * `email_change`: a new address confirmed before it takes effect.
 */
export type AccountTokenPurpose =
  'invitation' | 'password_reset' | 'email_verification' | 'email_change';

/**
 * A one-time link (migration 006): an invitation, a password reset or the confirmation of a new
 * email (migration 201). Only its hash is kept.
 */
export interface AccountTokensTable {
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  organization_id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  expires_at: string;
  /** Set when the link is used; a used link never works again. */
  used_at: string | null;
  created_at: string;
  /** `email_change`: the address the link was mailed to, which becomes the person's email. */
  new_email: string | null;
}

/**
 * The global sign-in lookup (migration 010): an email, once in the whole system, and whose it
 * is. The only table not keyed by organisation (Citus would distribute it by email); written in
 * the same transaction as the user.
 */
export interface UserEmailsTable {
  email: string;
  organization_id: string;
  user_id: string;
}

/**
 * The counters of migration 011, kept by database triggers on every write of tasks and
 * certificates (repositories/counters.ts reads them). `owner`: the assignee / incharge
 * person's id, `none` for nobody, `all` for the organisation's roll-up row of a status.
 */
export interface OwnedCountsTable<Status extends string> {
  organization_id: string;
  owner: string;
  status: Status;
  /** A bigint: PostgreSQL answers it as a string. */
  n: ColumnType<number | string, never, never>;
}

/** Users per (status, role): the employees list's filters and the dashboard's head count. */
export interface UserCountsTable {
  organization_id: string;
  status: EmployeeStatus;
  role: Role;
  n: ColumnType<number | string, never, never>;
}

/** The last run of a scheduled job (migration 401), whichever instance ran it. */
export interface SchedulerRunsTable {
  job: 'reminders';
  finished_at: string;
  duration_ms: number;
  instance: string;
  mails_sent: number;
  notices_retrying: number;
  notices_failed: number;
  error: string | null;
}

/** An endpoint an organisation's admins registered (migration 901, issue 30). */
export interface WebhookEndpointsTable {
  organization_id: string;
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event types. */
  events: string;
  /** `whsec_` + base64; never logged, answered only when the endpoint is created. */
  secret: string;
  /** 1 or 0 (SQLite has no booleans). */
  enabled: number;
  disabled_reason: string | null;
  failing_since: string | null;
  /** What is sent: the signed JSON (`standard`) or a summary for Slack or Teams (migration 501). */
  format: Generated<'standard' | 'slack' | 'teams'>;
  created_by_user_id: string;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** One event for one endpoint: the webhooks' outbox and delivery log (migration 901). */
export interface WebhookDeliveriesTable {
  organization_id: string;
  id: string;
  endpoint_id: string;
  event: string;
  event_key: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One entry of the activity history (migration 701, db/repositories/activity.ts). */
export interface ActivityTable {
  organization_id: string;
  /**
   * Increasing per organisation (PostgreSQL: one sequence, gaps allowed; SQLite: 1, 2, 3…), given
   * on insert (migration 2026-11-30-702). A bigint: PostgreSQL answers it as a string.
   */
  id: ColumnType<number | string, number | RawBuilder<number>, never>;
  at: string;
  actor_kind: ActivityActorKind;
  actor_id: string | null;
  actor_name: string | null;
  entity_type: ActivityEntityType;
  entity_id: string;
  action: string;
  /** `{ field: [old, new] }` as JSON text. */
  changes: string;
}

/** An entry's link in its organisation's chain, written by the sealer (migration 2026-11-30-702). */
export interface ActivitySealsTable {
  organization_id: string;
  entry_id: ColumnType<number | string, number, never>;
  prev_hash: string;
  hash: string;
}

/**
 * The head of an organisation's chain and its retention checkpoint (migration 701), moved only
 * by the sealer (migration 2026-11-30-702): the last SEALED entry's id and hash.
 */
export interface ActivityHeadsTable {
  organization_id: string;
  last_id: ColumnType<number | string, number, number>;
  last_hash: string;
  start_id: ColumnType<number | string, number, number>;
  start_prev_hash: string;
  /** Sealed entries from the checkpoint on (the organisation's total, with the unsealed). */
  sealed: ColumnType<number | string, number | undefined, number | RawBuilder<number>>;
  /** PostgreSQL's first phase of a seal: the largest id seen, and the snapshot's xmax. */
  pending_id: ColumnType<number | string | null, number | null | undefined, number | null>;
  pending_xmax: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Used tickets of the live-updates stream (migration 2026-11-27-302). */
export interface EventTicketsTable {
  organization_id: string;
  nonce: string;
  expires_at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  tasks: TasksTable;
  certificates: CertificatesTable;
  certificate_types: CertificateTypesTable;
  certificate_type_requirements: CertificateTypeRequirementsTable;
  documents: DocumentsTable;
  notifications: NotificationsTable;
  email_opt_outs: EmailOptOutsTable;
  account_tokens: AccountTokensTable;
  user_emails: UserEmailsTable;
  task_counts: OwnedCountsTable<TaskStatus>;
  certificate_counts: OwnedCountsTable<CertificateStatus>;
  user_counts: UserCountsTable;
  scheduler_runs: SchedulerRunsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  activity: ActivityTable;
  activity_heads: ActivityHeadsTable;
  activity_seals: ActivitySealsTable;
  event_tickets: EventTicketsTable;
  calendar_feeds: CalendarFeedsTable;
  api_tokens: ApiTokensTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
}

export type ImportKind = 'employees' | 'certificates';
export type ImportMode = 'insert' | 'update' | 'upsert';
export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportOutcome = 'create' | 'update' | 'unchanged' | 'error';

/** An uploaded file and its job (migration 2026-11-28-201). */
export interface ImportsTable {
  organization_id: string;
  id: string;
  created_by_user_id: string;
  kind: ImportKind;
  mode: ImportMode;
  dry_run: number;
  send_invitations: number;
  status: ImportStatus;
  active: number | null;
  file_name: string;
  sheet: string | null;
  date_order: string | null;
  mapping: string | null;
  preview_id: string | null;
  plan_digest: string | null;
  headers: string | null;
  total_rows: number;
  processed_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** One data row of an import: its cells and what became of it. */
export interface ImportRowsTable {
  organization_id: string;
  import_id: string;
  row: number;
  cells: string;
  outcome: ImportOutcome | null;
  changes: string | null;
  errors: string | null;
}

/**
 * A person's calendar subscription (migration 801): only the secret's hash is kept, and the
 * nonce the secret is derived from with the server's key (migration 2026-11-29-901).
 */
export interface CalendarFeedsTable {
  organization_id: string;
  user_id: string;
  secret_hash: string;
  secret_nonce: string | null;
  scope: CalendarScope;
  created_at: string;
}

export type CalendarScope = 'mine' | 'organization';

export type ApiTokenScope = 'read' | 'read-write';

/** A personal API token (migration 801): only the token's hash is kept. */
export interface ApiTokensTable {
  id: string;
  organization_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scope: ApiTokenScope;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type Db = Kysely<Database>;

export type OrganizationRow = Selectable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type TaskUpdate = Updateable<TasksTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type NewCertificate = Insertable<CertificatesTable>;
export type NewCertificateType = Insertable<CertificateTypesTable>;
export type CertificateUpdate = Updateable<CertificatesTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
