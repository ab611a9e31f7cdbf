/**
 * Tasks. Every query is scoped to one organisation: there is no way to read or
 * change a task without naming the caller's organization_id.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { PersonRef, Task, TaskStatus } from '@duly/shared/contract';
import { CompiledOnce } from '../compiled-once';
import { containsPattern, totalOf, type Page, type SortOrder } from '../list';
import { keyColumns, keysetBatches, type KeysetOrder } from '../../export/keyset';
import type { Database, Db, NewTask, OpenTaskStatus, TaskRow, TaskUpdate } from '../tables';
import { lockedForSave, updateReturningOld } from '../old-values';
import { inTransaction } from '../transaction';
import {
  changesBetween,
  recordActivity,
  type Actor,
  type ActivityChanges,
  type NewActivity,
} from './activity';
import { ownedCount, readCount } from './counters';

/** The columns of a task the history records. */
const RECORDED_TASK_FIELDS = [
  'title',
  'description',
  'due_date',
  'status',
  'assigned_to_user_id',
] as const;

/**
 * The entry of a change to an item: `assigned` when only the person changed, `renewed` when
 * it became renewed, `status_changed` when only the status changed, else `updated`. A change of
 * person also records both people's names at the time (`assigned_to`), for the history's
 * sentences.
 */
export function itemChange(
  entity: Pick<NewActivity, 'organizationId' | 'entityType' | 'entityId'>,
  changes: ActivityChanges,
  personField: string,
): NewActivity {
  const fields = Object.keys(changes).filter((field) => field !== 'assigned_to');
  let action: NewActivity['action'] = 'updated';
  if (changes.status?.[1] === 'renewed') action = 'renewed';
  else if (fields.length === 1 && fields[0] === 'status') action = 'status_changed';
  else if (fields.length === 1 && fields[0] === personField) action = 'assigned';
  return { ...entity, action, changes };
}

/** Adds `assigned_to: [old name, new name]` when the person in `field` changed. */
/**
 * Records an item's creation in its history: each recorded field from nothing to its value,
 * the person it names (assignee, person in charge) by name as well.
 */
export async function recordCreation<Row extends { id: string; organization_id: string }>(
  trx: Db,
  actor: Actor,
  item: {
    entityType: NewActivity['entityType'];
    row: Row;
    fields: readonly (keyof Row & string)[];
    personField: keyof Row & string;
    /** `imported` when an import creates it (issue 27). */
    action?: 'created' | 'imported';
  },
): Promise<void> {
  const { row, fields } = item;
  const empty = Object.fromEntries(fields.map((field) => [field, null])) as unknown as Row;
  const changes = await withPersonNames(
    trx,
    row.organization_id,
    changesBetween(empty, row, fields),
    item.personField,
  );
  await recordActivity(trx, actor, [
    {
      organizationId: row.organization_id,
      entityType: item.entityType,
      entityId: row.id,
      action: item.action ?? 'created',
      changes,
    },
  ]);
}

export async function withPersonNames(
  trx: Db,
  organizationId: string,
  changes: ActivityChanges,
  field: string,
): Promise<ActivityChanges> {
  const change = changes[field];
  if (!change) return changes;
  const ids = change.filter((id): id is string => typeof id === 'string');
  const people =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('users')
          .select(['id', 'full_name'])
          .where('organization_id', '=', organizationId)
          .where('id', 'in', ids)
          .execute();
  const names = new Map(people.map((person) => [person.id, person.full_name]));
  return namedPerson(changes, field, names);
}

/** `changes` with the person `field` names as `assigned_to`: [name before, name after]. */
export function namedPerson(
  changes: ActivityChanges,
  field: string,
  names: ReadonlyMap<string, string | null>,
): ActivityChanges {
  const change = changes[field];
  if (!change) return changes;
  const nameOf = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? null) : null);
  return { ...changes, assigned_to: [nameOf(change[0]), nameOf(change[1])] };
}

export const TASK_SORTS = {
  due_date: ['due_date'],
  created_at: ['created_at'],
  title: ['title'],
  status: ['status', 'due_date'],
  /**
   * Most urgent first (the team dashboards): open tasks before completed ones, each by due
   * date, so what is overdue leads. `completed` is the expression `(status = 'completed')`,
   * which the migration 2026-11-23-003 indexes.
   */
  urgency: ['completed', 'due_date'],
} as const;
export type TaskSortColumn = (typeof TASK_SORTS)[keyof typeof TASK_SORTS][number];

/** What a sort column orders by: a column of `t`, or the indexed expression for `completed`. */
function orderOf(column: TaskSortColumn) {
  return column === 'completed' ? sql`(t.status = 'completed')` : sql.ref(`t.${column}`);
}

export interface TaskFilter {
  organizationId: string;
  /** Only tasks assigned to this user (an employee's own tasks, or a filter). */
  assignedToUserId?: string;
  status?: TaskStatus;
  /** Every status but this one (the employee's "pending" filter: not completed). */
  statusNot?: TaskStatus;
  /** Title contains, any case. */
  q?: string;
}

type TaskTables = Database & { t: Database['tasks'] };

function conditions(filter: TaskFilter) {
  return (eb: ExpressionBuilder<TaskTables, 't'>) => {
    const where = [eb('t.organization_id', '=', filter.organizationId)];
    if (filter.assignedToUserId !== undefined) {
      where.push(eb('t.assigned_to_user_id', '=', filter.assignedToUserId));
    }
    if (filter.status !== undefined) where.push(eb('t.status', '=', filter.status));
    if (filter.statusNot !== undefined) where.push(eb('t.status', '<>', filter.statusNot));
    if (filter.q) {
      where.push(eb(sql`lower(t.title)`, 'like', sql`${containsPattern(filter.q)} escape '\\'`));
    }
    return eb.and(where);
  };
}

/**
 * The task with its assignee and assigner, in one query. Users are joined on their whole key,
 * (organization_id, id): their primary key on PostgreSQL, and a join inside one shard on Citus.
 */
function selectTasks(db: Db) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('users as a', (join) =>
      join
        .onRef('a.organization_id', '=', 't.organization_id')
        .onRef('a.id', '=', 't.assigned_to_user_id'),
    )
    .leftJoin('users as g', (join) =>
      join.onRef('g.organization_id', '=', 't.organization_id').onRef('g.id', '=', 't.assigner_id'),
    )
    .select([
      't.id',
      't.title',
      't.description',
      't.due_date',
      't.status',
      't.assigned_to_user_id',
      't.organization_id',
      't.created_by_user_id',
      't.assigner_id',
      't.created_at',
      't.updated_at',
      'a.full_name as assignee_full_name',
      'g.full_name as assigner_full_name',
    ]);
}

type TaskJoinRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/**
 * `{ id, full_name }`, or undefined when nobody is set. full_name is first and
 * last name joined (null only when both are empty), so the spec's "first and
 * last name" fallback never has anything more to show.
 */
function person(id: string | null, fullName: string | null): PersonRef | undefined {
  return id === null ? undefined : { id, full_name: fullName };
}

function toTask(row: TaskJoinRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    due_date: row.due_date,
    status: row.status,
    assigned_to_user_id: row.assigned_to_user_id,
    organization_id: row.organization_id,
    created_by_user_id: row.created_by_user_id,
    assigner_id: row.assigner_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    assigned_to: person(row.assigned_to_user_id, row.assignee_full_name),
    assigner: person(row.assigner_id, row.assigner_full_name),
  };
}

/**
 * The sort without the columns a status filter makes the same for every row: `urgency`'s
 * `(status = 'completed')` and `status`'s status. The order is unchanged, but the planners do
 * not see that the expression is constant, so with it SQLite walked the urgency index past
 * every open task to reach the completed ones (4 ms for 10,000 tasks); without it the page
 * comes out of `(organization_id, status, due_date, id)` (0.1 ms).
 */
function withoutConstantColumns(
  sort: SortOrder<TaskSortColumn>,
  filter: TaskFilter,
): SortOrder<TaskSortColumn> {
  if (filter.status === undefined) return sort;
  const columns = sort.columns.filter((column) => column !== 'completed' && column !== 'status');
  return { ...sort, columns };
}

/**
 * A page in two steps, in one statement: the page's ids from the index of the sort alone
 * (`(organization_id, <sort>, id)`, read index-only on PostgreSQL), then only those rows with
 * their people. A deep page (offset 9,950) thus walks 10,000 index entries instead of joining
 * and sorting 10,000 rows, which PostgreSQL chose to do for an organisation of 10,000 tasks
 * (issue 16: 80 ms against 20 ms this way, docs/scaling.md). SQLite walked the rows too
 * (12 ms against 0.8 ms at offset 9,950 in 10,000 tasks).
 */
export async function listTasks(
  db: Db,
  filter: TaskFilter,
  requestedSort: SortOrder<TaskSortColumn>,
  page: Page,
): Promise<{ items: Task[]; total: number }> {
  const sort = withoutConstantColumns(requestedSort, filter);
  // A title search's pattern is made from its text, so it is built each time; every other
  // page's query is built once per sort and set of filters.
  const rows = filter.q
    ? await pageOfTasks(db, filter, sort, page).execute()
    : (
        await db.executeQuery(
          taskPages.compile(
            db,
            `${sort.columns.join(',')} ${sort.direction}`,
            {
              organizationId: filter.organizationId,
              assignedToUserId: filter.assignedToUserId,
              status: filter.status,
              statusNot: filter.statusNot,
              limit: page.limit,
              offset: page.offset,
            },
            (values) => pageOfTasks(db, values, sort, values),
          ),
        )
      ).rows;
  const total = await totalOf(page, rows.length, () => countTasks(db, filter));
  return { items: rows.map(toTask), total };
}

const taskPages = new CompiledOnce<TaskFilter & Page, TaskJoinRow>();

function pageOfTasks(db: Db, filter: TaskFilter, sort: SortOrder<TaskSortColumn>, page: Page) {
  let pageKeys = db
    .selectFrom('tasks as t')
    .select(['t.organization_id', 't.id'])
    .where(conditions(filter));
  for (const column of sort.columns) pageKeys = pageKeys.orderBy(orderOf(column), sort.direction);
  pageKeys = pageKeys.orderBy('t.id', sort.direction).limit(page.limit).offset(page.offset);

  // On the whole key: PostgreSQL's primary key is (organization_id, id), SQLite's is id, and
  // with a tuple both look the 50 rows up by key whether or not the planner has statistics.
  let query = selectTasks(db).where((eb) =>
    eb(eb.refTuple('t.organization_id', 't.id'), 'in', pageKeys.$asTuple('organization_id', 'id')),
  );
  for (const column of sort.columns) query = query.orderBy(orderOf(column), sort.direction);
  return query.orderBy('t.id', sort.direction);
}

/**
 * How many tasks match: from the counters (migration 011), whose keys cover every filter but
 * the title search; a search counts the rows it matches.
 */
export async function countTasks(db: Db, filter: TaskFilter): Promise<number> {
  if (filter.q) return countMatchingTasks(db, filter);
  return readCount(
    ownedCount(db, 'task_counts', {
      organizationId: filter.organizationId,
      ownerId: filter.assignedToUserId,
      status: filter.status,
      statusNot: filter.statusNot,
    }),
  );
}

async function countMatchingTasks(db: Db, filter: TaskFilter): Promise<number> {
  const { count } = await db
    .selectFrom('tasks as t')
    .where(conditions(filter))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findTask(
  db: Db,
  filter: TaskFilter & { id: string },
): Promise<Task | undefined> {
  const row = await selectTasks(db)
    .where(conditions(filter))
    .where('t.id', '=', filter.id)
    .executeTakeFirst();
  return row && toTask(row);
}

/** The recorded fields of a task as stored: a save's old values (updateReturningOld). */
export type RecordedTask = Pick<TaskRow, (typeof RECORDED_TASK_FIELDS)[number]>;

/**
 * findTask for a save, in its transaction: the task, and its recorded fields as the save's
 * old values (saveTask's `before`), locked while the history records (lockedForSave).
 */
export async function findTaskForSave(
  trx: Db,
  filter: TaskFilter & { id: string },
): Promise<Task | undefined> {
  const row = await lockedForSave(
    trx,
    selectTasks(trx).where(conditions(filter)).where('t.id', '=', filter.id),
    't',
  ).executeTakeFirst();
  return row && toTask(row);
}

export async function insertTask(db: Db, task: NewTask, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.insertInto('tasks').values(task).execute();
    await recordCreation(trx, actor, {
      entityType: 'task',
      row: task,
      fields: RECORDED_TASK_FIELDS,
      personField: 'assigned_to_user_id',
    });
  });
}

/** What a save changes: plain columns, and a status the caller chose (if any). */
export interface TaskEdit {
  changes: Omit<TaskUpdate, 'status' | 'open_status'>;
  /** The status asked for (the edit form, Mark as Done); otherwise the row keeps its own. */
  status?: TaskStatus;
  /** Now (ISO UTC): a due instant at or after it is not overdue. */
  now: string;
}

/** What a save leaves, as one statement read it from the row it wrote. */
export type SavedTask = Pick<
  TaskRow,
  'id' | 'organization_id' | 'title' | 'due_date' | 'status' | 'assigned_to_user_id'
>;

/** Where an overdue task goes back to: the open status it had, or pending (migration 301). */
const REOPENED = sql<TaskStatus>`case when status in ('pending', 'in_progress') then status
  else coalesce(open_status, 'pending') end`;

/** The last open status before the one being set, read from the row as it was. */
const OPEN_STATUS_KEPT = sql<OpenTaskStatus | null>`case
  when status in ('pending', 'in_progress') then status else open_status end`;

/**
 * The status a save writes, computed inside the UPDATE from the row as it is then (issue 24,
 * items 3 and 14): the status asked for, or the row's own, except that an overdue or escalated
 * task whose due instant moves from the past into the future goes back to its open status. Reading the row's
 * status in the statement, not before it, leaves no window in which the sweep could make it
 * overdue between the route's read and its write. Undefined: the save leaves the status alone.
 */
function statusAfterSave(edit: TaskEdit): RawBuilder<TaskStatus> | undefined {
  const due = edit.changes.due_date;
  const movesLater = due !== undefined && due >= edit.now;
  if (edit.status === undefined && !movesLater) return undefined;
  const asked =
    edit.status === undefined
      ? sql<TaskStatus>`status`
      : sql<TaskStatus>`cast(${edit.status} as text)`;
  if (!movesLater) return asked;
  // Only a due instant that has passed and moves to the future reopens: a task a manager
  // marked overdue before its due instant stays so when the form sends its date again.
  return sql<TaskStatus>`case when ${asked} in ('overdue', 'escalated') and due_date < ${edit.now}
    then ${REOPENED} else ${asked} end`;
}

const SAVED_TASK_COLUMNS = [
  'tasks.id',
  'tasks.organization_id',
  'tasks.title',
  'tasks.description',
  'tasks.due_date',
  'tasks.status',
  'tasks.assigned_to_user_id',
] as const;

type SavedTaskRow = SavedTask & Pick<TaskRow, 'description'>;

/**
 * The UPDATE of a save, with the recorded columns as they were (db/old-values.ts): `read`,
 * the caller's read in this transaction (findTaskForSave), or else read by the UPDATE. Without
 * history (the bench's switch) only the UPDATE runs, and `before` is the saved row. The entry
 * is appended by a statement of its own after the UPDATE: appending it inside the UPDATE's
 * statement (tried) locks the chain head and the trigger's task_counts rows in no fixed order,
 * and two concurrent saves deadlocked (reminders-fault.test.ts, PostgreSQL).
 */
async function updateTaskReturningOld(
  trx: Db,
  organizationId: string,
  id: string,
  edit: TaskEdit,
  status: RawBuilder<TaskStatus> | undefined,
  read: RecordedTask | undefined,
) {
  const update = trx
    .updateTable('tasks')
    .set(edit.changes)
    .$if(status !== undefined, (query) =>
      query.set({ status: status!, open_status: OPEN_STATUS_KEPT }),
    )
    .where('tasks.organization_id', '=', organizationId)
    .where('tasks.id', '=', id);
  const written = await updateReturningOld<(typeof RECORDED_TASK_FIELDS)[number], SavedTaskRow>(
    trx,
    'tasks',
    { organizationId, id },
    update,
    { fields: RECORDED_TASK_FIELDS, returning: SAVED_TASK_COLUMNS, before: read },
  );
  return written && { before: written.before ?? written.saved, saved: written.saved };
}

/**
 * Changes one task of the organisation in one statement; undefined when it has no such task.
 * `read`: the task as findTaskForSave read it in this transaction (its recorded fields are
 * the old values); otherwise the UPDATE reads them.
 */
export async function saveTask(
  db: Db,
  organizationId: string,
  id: string,
  edit: TaskEdit,
  actor: Actor,
  read?: RecordedTask,
): Promise<SavedTask | undefined> {
  const status = statusAfterSave(edit);
  return inTransaction(db, async (trx) => {
    const written = await updateTaskReturningOld(trx, organizationId, id, edit, status, read);
    if (!written) return undefined;
    const { before, saved } = written;
    const changes = changesBetween(before, saved, RECORDED_TASK_FIELDS);
    if (Object.keys(changes).length > 0) {
      const named = await withPersonNames(trx, organizationId, changes, 'assigned_to_user_id');
      await recordActivity(trx, actor, [
        itemChange(
          { organizationId, entityType: 'task', entityId: id },
          named,
          'assigned_to_user_id',
        ),
      ]);
    }
    return {
      id: saved.id,
      organization_id: saved.organization_id,
      title: saved.title,
      due_date: saved.due_date,
      status: saved.status,
      assigned_to_user_id: saved.assigned_to_user_id,
    };
  });
}

/**
 * Every task matching the list's filters, in the list's order, one batch at a time
 * (export/: never the whole list in memory), with the assignee's email.
 */
export function exportTasks(
  db: Db,
  filter: TaskFilter,
  sort: SortOrder<TaskSortColumn>,
  batch?: number,
) {
  const columns = withoutConstantColumns(sort, filter).columns;
  const order: KeysetOrder = {
    keys: [...columns.map((column) => orderOf(column)), sql.ref('t.id')],
    direction: sort.direction,
  };
  return keysetBatches(
    order,
    (after, limit) => {
      let query = db
        .selectFrom('tasks as t')
        .leftJoin('users as a', (join) =>
          join
            .onRef('a.organization_id', '=', 't.organization_id')
            .onRef('a.id', '=', 't.assigned_to_user_id'),
        )
        .select(['t.title', 't.description', 't.due_date', 't.status', 'a.email as assignee_email'])
        .select(keyColumns(order) as never[])
        .where(conditions(filter));
      if (after) query = query.where(after);
      for (const key of order.keys) query = query.orderBy(key, order.direction);
      return query.limit(limit).execute() as Promise<Record<string, unknown>[]>;
    },
    batch,
  );
}

/**
 * Per assignee, of these people: their open tasks (not completed) and, of those, the overdue
 * ones (marked overdue, or past their due instant `now`), for the team dashboard (issue 33).
 */
export async function openTaskCountsOf(
  db: Db,
  organizationId: string,
  personIds: readonly string[],
  now: string,
): Promise<Map<string, { open: number; overdue: number }>> {
  const counts = new Map<string, { open: number; overdue: number }>();
  if (personIds.length === 0) return counts;
  const rows = await db
    .selectFrom('tasks')
    .where('organization_id', '=', organizationId)
    .where('assigned_to_user_id', 'in', personIds)
    .where('status', '!=', 'completed')
    .groupBy('assigned_to_user_id')
    .select((eb) => [
      'assigned_to_user_id as person',
      eb.fn.countAll<number | string>().as('open'),
      sql<
        number | string
      >`sum(case when status = 'overdue' or due_date < ${now} then 1 else 0 end)`.as('overdue'),
    ])
    .execute();
  for (const row of rows) {
    if (row.person)
      counts.set(row.person, { open: Number(row.open), overdue: Number(row.overdue) });
  }
  return counts;
}
