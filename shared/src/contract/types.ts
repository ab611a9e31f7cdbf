/**
 * The API contract (spec sections 3 and 7): every entity and payload the
 * front end and the API server exchange. Field names and casing are the
 * spec's: snake_case for tasks, certificates, auth and the dashboard,
 * camelCase firstName/lastName for employees.
 */

export type Uuid = string;
/** ISO-8601 instant, UTC in responses (e.g. `2025-01-05T04:30:00.000Z`). */
export type IsoInstant = string;
/** Calendar date `YYYY-MM-DD` in Asia/Kolkata. */
export type IsoDate = string;

export const ROLES = ['employee', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const TASK_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'overdue',
  'escalated',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses the edit task form offers (spec 4: not escalated). */
export const EDITABLE_TASK_STATUSES = ['pending', 'in_progress', 'completed', 'overdue'] as const;

export const CERTIFICATE_STATUSES = ['active', 'expired', 'renewed', 'escalated'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const EMPLOYEE_STATUSES = ['active', 'inactive', 'on_leave'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** `/employee/tasks?status=` filter values (ARCHITECTURE 6). */
export const EMPLOYEE_TASK_FILTERS = ['pending', 'done'] as const;
export type EmployeeTaskFilter = (typeof EMPLOYEE_TASK_FILTERS)[number];

/** Claims of the JWT (HS256). `exp` and `iat` are in seconds. */
export interface TokenClaims {
  sub: Uuid;
  email: string;
  full_name: string | null;
  role: string;
  organization_id: Uuid;
  /**
   * The user's token version when it was signed (absent in tokens older than versions: 0).
   * A password change, a deactivation or a role change raises the user's version and the
   * API refuses older tokens (401).
   */
  ver?: number;
  iat: number;
  exp: number;
}

/** The signed-in user as the front end keeps it (spec 3). */
export interface SessionUser {
  id: Uuid;
  email: string;
  full_name: string | null;
  role: string;
  organization_id: Uuid;
  token: string;
}

/** The user part of the login and signup answers. */
export interface AuthUser {
  id: Uuid;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: Uuid;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export interface SignupPayload {
  email: string;
  password: string;
  name: string;
  organization_name: string;
}

export interface AuthResponse {
  token: string;
  user: AuthUser;
}

/** GET /profile/: the signed-in person and their organisation's name. */
export interface Profile {
  id: Uuid;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: Uuid;
  organization_name: string;
}

/** PATCH /profile/: answers `AuthResponse` (a token with the new full_name). */
export interface ProfileNamePayload {
  full_name: string;
}

/** PUT /profile/password: answers `AuthResponse` (a fresh token; other sessions end). */
export interface PasswordChangePayload {
  current_password: string;
  new_password: string;
}

export interface Organization {
  id: Uuid;
  name: string;
  created_at: IsoInstant;
}

/** A person as embedded in task and certificate list items. */
export interface PersonRef {
  id: Uuid;
  full_name: string | null;
  /** Never sent by the API today; the screens fall back to them (known, see api/test/contract.test.ts). */
  firstName?: string | null;
  lastName?: string | null;
}

export interface Task {
  id: Uuid;
  title: string;
  description: string | null;
  due_date: IsoInstant;
  status: TaskStatus;
  assigned_to_user_id: Uuid | null;
  organization_id: Uuid;
  created_by_user_id: Uuid;
  assigner_id: Uuid | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** Absent when the task is unassigned. */
  assigned_to?: PersonRef;
  assigner?: PersonRef;
}

export interface CreateTaskPayload {
  title: string;
  description?: string | null;
  due_date: IsoInstant;
  organization_id?: Uuid;
  assigned_to_user_id?: Uuid | null;
  created_by_user_id?: Uuid;
  assigner_id?: Uuid | null;
  status?: TaskStatus;
}

/** PUT /tasks/{id}. The edit form sends `assigned_to_employee_id` (spec 3). */
export interface UpdateTaskPayload {
  title?: string;
  description?: string | null;
  due_date?: IsoInstant;
  status?: TaskStatus;
  assigned_to_user_id?: Uuid | null;
  assigned_to_employee_id?: Uuid | null;
  assigner_id?: Uuid | null;
  organization_id?: Uuid;
  created_by_user_id?: Uuid;
}

/** PATCH /tasks/{id}: Mark as Done. */
export interface TaskStatusPayload {
  status: TaskStatus;
}

export interface Certificate {
  id: Uuid;
  name: string;
  description: string | null;
  issue_date: IsoDate | null;
  expiry_date: IsoDate;
  reminder_days_before: number;
  department: string | null;
  /** Its certificate type (issue 28); null for an untyped certificate. */
  certificate_type_id: Uuid | null;
  /** Its own reminder offsets (days before expiry); null: the type's, or reminder_days_before. */
  reminder_offsets: number[] | null;
  incharge_person_id: Uuid | null;
  organization_id: Uuid;
  created_by_user_id: Uuid;
  status: CertificateStatus;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The incharge person; absent when nobody is in charge. */
  assigned_to?: PersonRef;
}

/**
 * A certificate's dates travel as `IsoDate` (`yyyy-MM-dd`, Asia/Kolkata) on create, edit and
 * renew alike (issue 25), as they are stored and answered. The API still reads an ISO instant
 * as its Asia/Kolkata date, for the clients that sent one on create before.
 */
export interface CreateCertificatePayload {
  name: string;
  description?: string | null;
  issue_date?: IsoDate | null;
  expiry_date: IsoDate;
  reminder_days_before: number;
  department?: string | null;
  certificate_type_id?: Uuid | null;
  reminder_offsets?: number[] | null;
  incharge_person_id?: Uuid | null;
  organization_id?: Uuid;
  created_by_user_id?: Uuid;
  status?: CertificateStatus;
}

/** An edit or a renewal: its dates as on create (`CreateCertificatePayload`). */
export interface UpdateCertificatePayload {
  name?: string;
  description?: string | null;
  issue_date?: IsoDate | null;
  expiry_date?: IsoDate;
  reminder_days_before?: number;
  department?: string | null;
  certificate_type_id?: Uuid | null;
  reminder_offsets?: number[] | null;
  incharge_person_id?: Uuid | null;
  status?: CertificateStatus;
  organization_id?: Uuid;
  created_by_user_id?: Uuid;
}

export interface Employee {
  id: Uuid;
  firstName: string | null;
  lastName: string | null;
  /** firstName and lastName joined; what tasks and the team show. */
  full_name: string | null;
  email: string;
  phone: string | null;
  department: string | null;
  role: Role;
  status: EmployeeStatus;
  organization_id: Uuid;
  /** True while the person has not accepted their invitation (has no password yet). */
  invitation_pending: boolean;
  /**
   * The new address of an email change that waits for the person to confirm it (a link mailed
   * to that address); null when none. Until then `email` is the one they sign in with.
   */
  pending_email: string | null;
}

export interface CreateEmployeePayload {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  organization_id?: Uuid;
  phone?: string | null;
  role?: Role;
  department?: string | null;
  status?: EmployeeStatus;
}

export type UpdateEmployeePayload = Partial<CreateEmployeePayload>;

export interface TeamMember {
  id: Uuid;
  full_name: string | null;
  email: string;
  /** Their tasks not completed. */
  open_tasks: number;
  /** Of those, overdue or past their due instant. */
  overdue_tasks: number;
  /** Certificates they are in charge of that are in their reminder window. */
  expiring_certificates: number;
}

export interface DashboardResponse {
  tasks: { total_tasks: number; overdue_tasks: number };
  certificates: { total_certificates: number; expired_certificates: number };
  employee_count: number;
}

export interface AssignTaskPayload {
  task_id: Uuid;
  employee_id: Uuid;
}

export interface AssignCertificatePayload {
  certificate_id: Uuid;
  employee_id: Uuid;
}

/**
 * The kinds of notice of the reminders (ARCHITECTURE 7): each is an in-app notice and a kind
 * of email a person can turn off.
 */
export const NOTIFICATION_KINDS = [
  'certificate_reminder',
  'certificate_expired',
  'certificate_escalated',
  'task_overdue',
  'task_escalated',
  'document_approved',
  'document_rejected',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Every kind of in-app notice: the reminders' kinds, plus notices that have no email switch:
 * `webhook_disabled`, to an organisation's admins (issue 30; its email is always sent), and
 * `import_done` / `import_failed`, to the person who started an import when it ends (issue 27;
 * in the bell only, no email).
 */
export const NOTICE_KINDS = [
  ...NOTIFICATION_KINDS,
  'webhook_disabled',
  'import_done',
  'import_failed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What a notice is about: an import's is named by what it imported (its page is that kind's). */
export const NOTICE_ITEM_TYPES = [
  'task',
  'certificate',
  'webhook',
  'employees_import',
  'certificates_import',
] as const;
export type NoticeItemType = (typeof NOTICE_ITEM_TYPES)[number];

/** One notice to the signed-in person (GET /notifications/). */
export interface AppNotification {
  id: Uuid;
  kind: NoticeKind;
  item_type: NoticeItemType;
  item_id: Uuid;
  /**
   * The task's title, certificate's name or webhook's URL when the notice was made; for an
   * import, its file name and what it did ("people.csv: 40 created, 2 updated, 1 not imported").
   */
  item_title: string;
  /**
   * The due instant (task), expiry date (certificate), instant (webhook disabled) or the
   * instant an import ended.
   */
  item_date: string;
  /**
   * The item's date now, in `item_date`'s form; null for a webhook or an item that is gone.
   * Differs from `item_date` when the item was renewed or moved since (issue 33). Optional:
   * an API from before it leaves it out.
   */
  item_current_date?: string | null;
  created_at: IsoInstant;
  /** null while unread. */
  read_at: IsoInstant | null;
}

/** GET /notifications/unread-count. */
export interface UnreadCount {
  count: number;
}

/** Which kinds of email a person gets: true = emailed (GET/PUT /profile/email-preferences). */
export type EmailPreferences = Record<NotificationKind, boolean>;

/** PUT /profile/email-preferences: the kinds to change; the others keep their choice. */
export type EmailPreferencesPayload = Partial<EmailPreferences>;

/** Query parameters every list accepts (ARCHITECTURE 6). */
export interface ListParams {
  limit?: number;
  offset?: number;
  q?: string;
  /** A column, `-` prefixed for descending: `due_date`, `-due_date`. */
  sort?: string;
}

export interface TaskListParams extends ListParams {
  status?: TaskStatus;
  assigned_to_user_id?: Uuid;
}

export interface CertificateListParams extends ListParams {
  status?: CertificateStatus;
  incharge_person_id?: Uuid;
  /** Expiry date from today to this many days ahead (Asia/Kolkata). */
  expiring_within_days?: number;
  /** Only certificates in their reminder window (expiring from today to their reminder days ahead). */
  in_reminder_window?: 'true' | 'false';
}

export interface EmployeeListParams extends ListParams {
  status?: EmployeeStatus;
  role?: Role;
  /** Exactly as stored: one of `DEPARTMENTS` in the forms. */
  department?: string;
}

/** A list answer: the body is the array, the total comes in `X-Total-Count`. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** GET /auth/invitation?token=…: who an invitation link is for. */
export interface InvitationDetails {
  full_name: string | null;
  email: string;
  organization_name: string;
}

/** GET /auth/email-change?token=…: the change a confirmation link is for. */
export interface EmailChangeDetails {
  full_name: string | null;
  new_email: string;
  organization_name: string;
}

/** POST /auth/confirm-email: the link's token and the person's current password. */
export interface ConfirmEmailPayload {
  token: string;
  password: string;
}

/** POST /auth/accept-invite and /auth/reset-password: the link's token and the new password. */
export interface SetPasswordPayload {
  token: string;
  password: string;
}

export interface ForgotPasswordPayload {
  email: string;
}

/**
 * `code` of the 410 a one-time link answers when it no longer works: used once already, or
 * past its time (or replaced by a newer link). Unknown links answer `link_expired` too.
 */
export const LINK_GONE_CODES = ['link_used', 'link_expired'] as const;

/** The error body of every failed API call (ARCHITECTURE 6). */
export interface ApiErrorBody {
  message: string;
  code: string;
  errors?: { path: string; message: string }[];
}

// ---------------------------------------------------------------- certificate types (issue 28)

/** Who must hold a certificate of a type: everyone, or the roles and/or departments named. */
export interface CertificateRequirement {
  everyone: boolean;
  roles: Role[];
  departments: string[];
}

/** GET /certificate-types/{id}. */
export interface CertificateType {
  id: Uuid;
  name: string;
  description: string | null;
  /** Null: a certificate of this type does not expire. */
  validity_months: number | null;
  /** Days before expiry, largest first. */
  reminder_offsets: number[];
  remind_after_expiry: boolean;
  required_for: CertificateRequirement;
  /** How many certificates are of this type (a type in use cannot be deleted). */
  certificate_count: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** POST /certificate-types (all but name optional) and PUT (only what is sent changes). */
export interface CertificateTypePayload {
  name?: string;
  description?: string | null;
  validity_months?: number | null;
  reminder_offsets?: number[];
  remind_after_expiry?: boolean;
  required_for?: CertificateRequirement;
}

/** POST /certificate-types/{id}/link: the certificates named like the type that were linked. */
export interface LinkCertificatesResult {
  linked: number;
}

/** One cell of GET /compliance. */
export interface ComplianceCell {
  type_id: Uuid;
  state: 'valid' | 'expiring' | 'expired' | 'missing' | 'not_required';
  /** The certificate the state is of (the latest-expiring one held), if any. */
  certificate_id: Uuid | null;
  expiry_date: IsoDate | null;
}

export interface ComplianceRow {
  employee: { id: Uuid; full_name: string | null; department: string | null; role: Role };
  cells: ComplianceCell[];
  compliant_percent: number;
  /** Required cells that are missing or expired. */
  gaps: number;
}

export interface ComplianceTypeTotal {
  type_id: Uuid;
  required: number;
  compliant: number;
  compliant_percent: number;
}

/** GET /compliance: one page of people (X-Total-Count: all people matching). */
export interface ComplianceMatrix {
  types: { id: Uuid; name: string }[];
  rows: ComplianceRow[];
  totals: {
    by_type: ComplianceTypeTotal[];
    organization_percent: number;
    /** Required cells missing or expired, over every person matching (not only the page). */
    gaps: number;
  };
}

// ---------------------------------------------------------------- activity history (issue 29)

/** Who made a change: a person, Duly itself (the scheduler), an import, or an API token. */
export const ACTIVITY_ACTOR_KINDS = ['user', 'system', 'import', 'api_token'] as const;
export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

export const ACTIVITY_ENTITY_TYPES = [
  'task',
  'certificate',
  'employee',
  'certificate_type',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

/** What happened. More kinds (documents, imports) join as their features arrive. */
export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'status_changed',
  'assigned',
  'renewed',
  'document_uploaded',
  'document_approved',
  'document_rejected',
  'document_deleted',
  'imported',
  'signed_in',
  'password_changed',
  'invited',
  'deactivated',
  'deleted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A value before or after a change: text, a number, or nothing. */
export type ActivityValue = string | number | boolean | null;

/** One entry of the history (GET /activity). */
export interface ActivityEntry {
  /** 1, 2, 3… per organisation, newest highest. */
  id: number;
  /** ISO-8601 UTC. */
  at: string;
  /** The person (or import / API token) by name at the time; null for Duly itself. */
  actor: { id: string; full_name: string | null } | null;
  actor_kind: ActivityActorKind;
  entity_type: ActivityEntityType;
  entity_id: Uuid;
  action: ActivityAction;
  /** `{ field: [old, new] }`; never a password, hash or token. */
  changes: Record<string, [ActivityValue, ActivityValue]>;
}

/** GET /activity/verify. */
export interface ActivityVerification {
  ok: boolean;
  checked: number;
  first_broken_id?: number;
  /** Entries written but not chained yet (the sealer chains them within seconds). */
  unsealed?: number;
}
