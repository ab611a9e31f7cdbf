/**
 * Users, which the API calls employees. Emails are unique across the system
 * and stored lower-cased; everything else is scoped to one organisation.
 *
 * An email across the system is the global lookup table `user_emails` (migration 010: the one
 * table Citus would not shard by organisation): every write of a user's email writes it in the
 * same transaction, and its primary key decides between two people taking one email at once.
 *
 * A user *holds* their address when `user_emails` names them: sign-in and forgot-password
 * find people there. Not every user does (docs/accounts.md, "Who holds an address"): someone
 * who signed up holds it once they follow the link mailed to it, and someone added with an
 * address another organisation's person holds, once they accept their invitation and only if
 * that holder has no password (`claimEmail`).
 */
import { PostgresAdapter, sql, type ExpressionBuilder } from 'kysely';
import type { Employee, EmployeeStatus, Role, TeamMember } from '@duly/shared/contract';
import { containsPattern, totalOf, type Page, type SortOrder } from '../list';
import { keyColumns, keysetBatches, type KeysetOrder } from '../../export/keyset';
import type { Database, Db, NewUser, UserRow, UserUpdate } from '../tables';
import { inTransaction } from '../transaction';
import { isPostgres, lockedForSave, updateReturningOld } from '../old-values';
import {
  changesBetween,
  recordActivity,
  recordingActivity,
  type Actor,
  type ActivityChanges,
} from './activity';
import { readCount, userCount } from './counters';

/** The columns of a person the history records (never the password hash or token version). */
const RECORDED_USER_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'department',
  'role',
  'status',
] as const;

function createdChanges(user: NewUser): ActivityChanges {
  const empty = Object.fromEntries(RECORDED_USER_FIELDS.map((field) => [field, null]));
  return changesBetween(empty as unknown as NewUser, user, RECORDED_USER_FIELDS);
}

/** A person acting on their own account (sign-up, sign-in, a password or email change). */
export function selfActor(user: { id: string; full_name: string | null }): Actor {
  return { kind: 'user', id: user.id, name: user.full_name };
}

export const EMPLOYEE_SORTS = {
  full_name: ['full_name'],
  email: ['email'],
  created_at: ['created_at'],
} as const;
export type EmployeeSortColumn = (typeof EMPLOYEE_SORTS)[keyof typeof EMPLOYEE_SORTS][number];

export interface UserFilter {
  organizationId: string;
  status?: EmployeeStatus;
  role?: Role;
  /** The department exactly as stored (the forms offer a fixed list). */
  department?: string;
  /** Full name or email contains, any case. */
  q?: string;
}

function conditions(filter: UserFilter) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const where = [eb('users.organization_id', '=', filter.organizationId)];
    if (filter.status !== undefined) where.push(eb('users.status', '=', filter.status));
    if (filter.role !== undefined) where.push(eb('users.role', '=', filter.role));
    if (filter.department !== undefined) {
      where.push(eb('users.department', '=', filter.department));
    }
    if (filter.q) {
      const pattern = sql<string>`${containsPattern(filter.q)} escape '\\'`;
      where.push(
        eb.or([
          eb(sql`lower(users.full_name)`, 'like', pattern),
          eb('users.email', 'like', pattern),
        ]),
      );
    }
    return eb.and(where);
  };
}

const EMPLOYEE_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'department',
  'role',
  'status',
  'organization_id',
] as const;

/**
 * Whether the person has not set a password yet (has not accepted their invitation), computed
 * in the query so the hash itself never leaves the database here. SQLite answers 0/1.
 */
function invitationPending(eb: ExpressionBuilder<Database, 'users'>) {
  return eb('users.password_hash', 'is', null).as('invitation_pending');
}

/**
 * The address a person's email is changing to while they have not confirmed it: the new
 * address of their working email-change link (migration 201; a newer change ends the older
 * link, so there is at most one), else null.
 */
function pendingEmail(now: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb
      .selectFrom('account_tokens')
      .select('account_tokens.new_email')
      .whereRef('account_tokens.organization_id', '=', 'users.organization_id')
      .whereRef('account_tokens.user_id', '=', 'users.id')
      .where('account_tokens.purpose', '=', 'email_change')
      .where('account_tokens.used_at', 'is', null)
      .where('account_tokens.expires_at', '>', now)
      .orderBy('account_tokens.created_at', 'desc')
      .limit(1)
      .as('pending_email');
}

type EmployeeRow = Pick<UserRow, (typeof EMPLOYEE_COLUMNS)[number]> & {
  invitation_pending: boolean | number;
  pending_email: string | null;
};

export function toEmployee(row: EmployeeRow): Employee {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    department: row.department,
    role: row.role,
    status: row.status,
    organization_id: row.organization_id,
    invitation_pending: Boolean(row.invitation_pending),
    pending_email: row.pending_email,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * For sign-in: the user with this email in any organisation. Two lookups by key (the email's
 * owner, then the user in their organisation), each one shard under Citus.
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const owner = await db
    .selectFrom('user_emails')
    .select(['organization_id', 'user_id'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!owner) return undefined;
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', owner.organization_id)
    .where('id', '=', owner.user_id)
    .executeTakeFirst();
}

/** Whether the user exists in the organisation: one primary-key lookup. */
/** A person by id alone, in whichever organisation (a signed link names only the id). */
export function findUserById(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'organization_id', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function userExists(db: Db, organizationId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findEmployee(
  db: Db,
  organizationId: string,
  id: string,
): Promise<Employee | undefined> {
  const row = await db
    .selectFrom('users')
    .select(EMPLOYEE_COLUMNS)
    .select(invitationPending)
    .select(pendingEmail(new Date().toISOString()))
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toEmployee(row);
}

/**
 * findEmployee for a save, in its transaction. With `lock`, the person's recorded fields as
 * stored come too (updateUser's `read`: the save's old values), the row locked while the
 * history records (lockedForSave). Without it nothing is locked and updateUser reads the old
 * values itself: a save that may demote or deactivate an admin locks the organisation's admins
 * in id order first (anotherAdminRemains), and locking its own row before them could deadlock
 * with another admin's such save.
 */
export async function findEmployeeForSave(
  trx: Db,
  organizationId: string,
  id: string,
  lock: boolean,
): Promise<{ employee: Employee; recorded?: RecordedUser } | undefined> {
  const query = trx
    .selectFrom('users')
    .select(EMPLOYEE_COLUMNS)
    .select(invitationPending)
    .select(pendingEmail(new Date().toISOString()))
    .where('organization_id', '=', organizationId)
    .where('id', '=', id);
  const row = await (lock ? lockedForSave(trx, query, 'users') : query).executeTakeFirst();
  if (!row) return undefined;
  const employee = toEmployee(row);
  if (!lock) return { employee };
  const recorded = {} as Record<(typeof RECORDED_USER_FIELDS)[number], unknown>;
  for (const field of RECORDED_USER_FIELDS) recorded[field] = row[field];
  return { employee, recorded: recorded as RecordedUser };
}

export async function listEmployees(
  db: Db,
  filter: UserFilter,
  sort: SortOrder<EmployeeSortColumn>,
  page: Page,
): Promise<{ items: Employee[]; total: number }> {
  let query = db
    .selectFrom('users')
    .select(EMPLOYEE_COLUMNS)
    .select(invitationPending)
    .select(pendingEmail(new Date().toISOString()))
    .where(conditions(filter));
  for (const column of sort.columns) query = query.orderBy(`users.${column}`, sort.direction);
  const rows = await query
    .orderBy('users.id', sort.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, rows.length, () => countUsers(db, filter));
  return { items: rows.map(toEmployee), total };
}

/**
 * How many users match: from the counters (migration 011) for the status and role filters;
 * a department or a search counts rows (an organisation has far fewer people than tasks).
 */
export async function countUsers(db: Db, filter: UserFilter): Promise<number> {
  if (filter.q || filter.department !== undefined) return countMatchingUsers(db, filter);
  const { organizationId, status, role } = filter;
  return readCount(userCount(db, { organizationId, status, role }));
}

async function countMatchingUsers(db: Db, filter: UserFilter): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .where(conditions(filter))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The team of the manager dashboard: the organisation's active users. */
export async function listTeam(
  db: Db,
  organizationId: string,
  page: Page,
): Promise<{ items: Pick<TeamMember, 'id' | 'full_name' | 'email'>[]; total: number }> {
  const filter: UserFilter = { organizationId, status: 'active' };
  const items = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where(conditions(filter))
    .orderBy('full_name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, items.length, () => countUsers(db, filter));
  return { items, total };
}

/**
 * Inserts the user and, unless `holdEmail` is false, claims their email across the system, in
 * one transaction (a unique violation when someone holds it already).
 */
export async function insertUser(
  db: Db,
  user: NewUser,
  {
    holdEmail = true,
    actor = selfActor({ id: user.id, full_name: user.full_name ?? null }),
  }: { holdEmail?: boolean; actor?: Actor } = {},
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.insertInto('users').values(user).execute();
    await recordActivity(trx, actor, [
      {
        organizationId: user.organization_id,
        entityType: 'employee',
        entityId: user.id,
        action: 'created',
        changes: createdChanges(user),
      },
    ]);
    if (!holdEmail) return;
    await trx
      .insertInto('user_emails')
      .values({ email: user.email, organization_id: user.organization_id, user_id: user.id })
      .execute();
  });
}

/**
 * Inserts someone added to an organisation (POST /employees): they hold their address if
 * nobody does, else they are added without it and accepting their invitation decides
 * (`claimEmail`). The same for the caller either way, so adding a person never tells whether
 * the address belongs to another organisation.
 */
export async function insertAddedUser(
  db: Db,
  user: NewUser,
  actor: Actor,
  action: 'created' | 'imported' = 'created',
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.insertInto('users').values(user).execute();
    await recordActivity(trx, actor, [
      {
        organizationId: user.organization_id,
        entityType: 'employee',
        entityId: user.id,
        action,
        changes: createdChanges(user),
      },
    ]);
    await trx
      .insertInto('user_emails')
      .values({ email: user.email, organization_id: user.organization_id, user_id: user.id })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
  });
}

/** Whether someone of the organisation has this email (held or not). */
export async function emailInOrganization(
  db: Db,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The user has just proved the address is theirs (followed a link mailed to it): they hold it
 * from now on. Taken from a holder without a password (an invitation nobody accepted); a
 * holder with a password keeps it, and the answer is false. Run it in the transaction that
 * uses the link.
 */
export async function claimEmail(
  trx: Db,
  user: { organizationId: string; userId: string; email: string },
): Promise<boolean> {
  const claim = { email: user.email, organization_id: user.organizationId, user_id: user.userId };
  // Free: taken here (of two at once, the primary key lets one in; the other reads the holder).
  await trx
    .insertInto('user_emails')
    .values(claim)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
  const holder = await trx
    .selectFrom('user_emails')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'user_emails.user_id')
        .onRef('users.organization_id', '=', 'user_emails.organization_id'),
    )
    .select(['users.id', 'users.password_hash'])
    .where('user_emails.email', '=', user.email)
    .executeTakeFirst();
  if (holder?.id === user.userId) return true;
  if (holder?.password_hash) return false;
  await trx
    .updateTable('user_emails')
    .set({ organization_id: user.organizationId, user_id: user.userId })
    .where('email', '=', user.email)
    .execute();
  return true;
}

/**
 * An unconfirmed email change met someone who has set a password meanwhile (they accepted
 * their invitation): their address changes only through a confirmation link.
 */
export class EmailNeedsConfirmation extends Error {
  constructor() {
    super('The person has set a password: their email changes only once they confirm it.');
    this.name = 'EmailNeedsConfirmation';
  }
}

/**
 * Changes one user of the organisation (and their claim on an email); false when none.
 * `endSessions`: also adds one to the token version, which ends every token signed before
 * (a deactivation, a role change; plugins/auth.ts).
 */
export async function updateUser(
  db: Db,
  organizationId: string,
  id: string,
  changes: UserUpdate,
  {
    endSessions = false,
    unprovenEmail = false,
    actor,
    read,
  }: {
    endSessions?: boolean;
    /**
     * The new email is only typed in for someone who has not accepted their invitation: they
     * hold it only if nobody else does (like insertAddedUser), and accepting the invitation
     * settles it. A confirmed change (false) fails with a unique violation when it is held.
     */
    unprovenEmail?: boolean;
    actor: Actor;
    /**
     * The person's recorded fields as findEmployeeForSave read them (locked) in this
     * transaction: the old values. Otherwise they are read here.
     */
    read?: RecordedUser;
  },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    let before: RecordedUser | undefined;
    if (changes.email !== undefined) {
      const row = await trx
        .selectFrom('users')
        .select([...RECORDED_USER_FIELDS, 'password_hash'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirst();
      if (!row) return false;
      // Decided on the locked row, not on what the caller read earlier: an invitee who accepts
      // between a manager's read and this write has a password now, and moving their address
      // unconfirmed would let the manager reset that password through 'Forgot password?'.
      if (unprovenEmail && row.password_hash !== null) throw new EmailNeedsConfirmation();
      await moveEmail(trx, organizationId, id, changes.email, unprovenEmail);
      before = row;
    }
    before ??= recordingActivity() ? read : undefined;
    const written = await updateUserReturningOld(
      trx,
      organizationId,
      id,
      changes,
      endSessions,
      before === undefined && recordingActivity(),
    );
    if (!written) return false;
    before ??= written.before;
    if (before === undefined) return true;
    const recorded = changesBetween(before, changes, RECORDED_USER_FIELDS);
    if (Object.keys(recorded).length > 0) {
      const deactivated = recorded.status?.[1] === 'inactive';
      await recordActivity(trx, actor, [
        {
          organizationId,
          entityType: 'employee',
          entityId: id,
          action: deactivated ? 'deactivated' : 'updated',
          changes: recorded,
        },
      ]);
    }
    return true;
  });
}

export type RecordedUser = Pick<UserRow, (typeof RECORDED_USER_FIELDS)[number]>;

/**
 * The UPDATE of `updateUser`, with the recorded columns as they were when `withOld`
 * (updateReturningOld, db/old-values.ts). Undefined when the organisation has no such user.
 */
async function updateUserReturningOld(
  trx: Db,
  organizationId: string,
  id: string,
  changes: UserUpdate,
  endSessions: boolean,
  withOld: boolean,
): Promise<{ before?: RecordedUser } | undefined> {
  let update = trx
    .updateTable('users')
    .set(changes)
    .where('users.organization_id', '=', organizationId)
    .where('users.id', '=', id);
  if (endSessions) {
    update = update.set((eb) => ({ token_version: eb('users.token_version', '+', 1) }));
  }
  const written = await updateReturningOld<(typeof RECORDED_USER_FIELDS)[number], unknown>(
    trx,
    'users',
    { organizationId, id },
    update,
    { fields: RECORDED_USER_FIELDS, returning: ['users.id'], withOld },
  );
  return written && { before: written.before as RecordedUser | undefined };
}

/**
 * An account event of a person (signed in, invited), with the actor who caused it; opens a
 * transaction when the caller has none.
 */
export async function recordAccountEvent(
  db: Db,
  event: { organizationId: string; userId: string; action: 'signed_in' | 'invited' },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, (trx) =>
    recordActivity(trx, actor, [
      {
        organizationId: event.organizationId,
        entityType: 'employee',
        entityId: event.userId,
        action: event.action,
      },
    ]),
  );
}

/**
 * Frees the user's old email and claims the new one. A delete and an insert, never an update
 * of the key: Citus cannot change a row's distribution column (the email) in place.
 */
async function moveEmail(
  db: Db,
  organizationId: string,
  id: string,
  email: string,
  onlyIfFree: boolean,
) {
  const current = await db
    .selectFrom('users')
    .select('email')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current || current.email === email) return;
  // Only their own claim: the old address may be held by someone else (they never held it).
  await db
    .deleteFrom('user_emails')
    .where('email', '=', current.email)
    .where('user_id', '=', id)
    .execute();
  let claim = db
    .insertInto('user_emails')
    .values({ email, organization_id: organizationId, user_id: id });
  if (onlyIfFree) claim = claim.onConflict((conflict) => conflict.column('email').doNothing());
  await claim.execute();
}

/**
 * Whether the organisation keeps an admin who can sign in (not inactive) besides `userId`:
 * asked inside the transaction that demotes or deactivates `userId`. On PostgreSQL it locks
 * those admins' rows, in id order, until the transaction ends, so two admins stepping down at
 * the same moment cannot each count the other; SQLite runs one write transaction at a time.
 */
export async function anotherAdminRemains(
  trx: Db,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const admins = await trx
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .where('status', '<>', 'inactive')
    .orderBy('id')
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (query) => query.forUpdate())
    .execute();
  return admins.some((admin) => admin.id !== userId);
}

export interface PasswordChange {
  organizationId: string;
  userId: string;
  passwordHash: string;
}

/**
 * The one way a password is set (a change from the profile, a reset, an accepted
 * invitation): stores the hash and ends every other session of the person by adding one
 * to their token version. Returns the new version, to sign the caller a fresh token with;
 * undefined when there is no such user in the organisation.
 */
export async function setPasswordHash(
  db: Db,
  { organizationId, userId, passwordHash }: PasswordChange,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: new Date().toISOString(),
      }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', userId)
      .returning(['token_version', 'full_name'])
      .executeTakeFirst();
    if (!row) return undefined;
    // Always the person themselves (a change, a reset, an accepted invitation); never the hash.
    await recordActivity(trx, selfActor({ id: userId, full_name: row.full_name }), [
      { organizationId, entityType: 'employee', entityId: userId, action: 'password_changed' },
    ]);
    return row.token_version;
  });
}

/**
 * A stronger hash of the same password (sign-in rehashes one made with an older cost): not a
 * password change, so no session ends. Only replaces `from`: a password changed meanwhile
 * is never overwritten with the old one.
 */
export async function upgradePasswordHash(
  db: Db,
  {
    organizationId,
    userId,
    from,
    to,
  }: Omit<PasswordChange, 'passwordHash'> & {
    from: string;
    to: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: to })
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('password_hash', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The version a token must carry (plugins/auth.ts): one primary-key read. */
export async function findTokenVersion(
  db: Db,
  organizationId: string,
  id: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.token_version;
}

/** The profile page: the person and their organisation's name. */
export async function findProfile(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.email',
      'users.full_name',
      'users.role',
      'users.status',
      'users.organization_id',
      'users.password_hash',
      'users.token_version',
      'organizations.name as organization_name',
    ])
    .where('users.organization_id', '=', organizationId)
    .where('users.id', '=', id)
    .executeTakeFirst();
}

/**
 * Every person matching the list's filters, in the list's order, one batch at a time
 * (export/: never the whole list in memory). A missing name sorts as empty text.
 */
export function exportEmployees(
  db: Db,
  filter: UserFilter,
  sort: SortOrder<EmployeeSortColumn>,
  batch?: number,
) {
  const order: KeysetOrder = {
    keys: [
      ...sort.columns.map((column) =>
        column === 'full_name' ? sql`coalesce(users.full_name, '')` : sql.ref(`users.${column}`),
      ),
      sql.ref('users.id'),
    ],
    direction: sort.direction,
  };
  return keysetBatches(
    order,
    (after, limit) => {
      let query = db
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name', 'phone', 'department', 'role', 'status'])
        .select(keyColumns(order) as never[])
        .where(conditions(filter));
      if (after) query = query.where(after);
      for (const key of order.keys) query = query.orderBy(key, order.direction);
      return query.limit(limit).execute() as Promise<Record<string, unknown>[]>;
    },
    batch,
  );
}
