import { Type } from 'typebox';
import { TASK_STATUSES } from '@duly/shared/contract';
import { TASK_SORTS } from '../../db/repositories/tasks';
import {
  DateText,
  Description,
  Enum,
  Id,
  IdParams,
  Name,
  Nullable,
  PersonRef,
  errorResponses,
  listQuery,
} from '../../lib/schema';

export const TaskStatus = Enum(TASK_STATUSES);

export const TaskSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  due_date: Type.String({ description: 'ISO-8601 UTC instant' }),
  status: TaskStatus,
  assigned_to_user_id: Nullable(Type.String()),
  organization_id: Type.String(),
  created_by_user_id: Type.String(),
  assigner_id: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  assigned_to: Type.Optional(PersonRef),
  assigner: Type.Optional(PersonRef),
});

export const TaskList = Type.Array(TaskSchema);

export const TaskListQuery = listQuery(Object.keys(TASK_SORTS) as (keyof typeof TASK_SORTS)[], {
  status: Type.Optional(TaskStatus),
  assigned_to_user_id: Type.Optional(Id),
});

/** Fields a client may send that must name the caller (403 otherwise). */
const CallerIds = {
  organization_id: Type.Optional(Id),
  created_by_user_id: Type.Optional(Id),
  assigner_id: Type.Optional(Nullable(Id)),
};

export const CreateTaskBody = Type.Object({
  title: Name,
  description: Type.Optional(Description),
  due_date: DateText,
  status: Type.Optional(TaskStatus),
  assigned_to_user_id: Type.Optional(Nullable(Id)),
  ...CallerIds,
});

/** Partial: only the fields sent change. The edit form names the assignee `assigned_to_employee_id`. */
export const UpdateTaskBody = Type.Object({
  title: Type.Optional(Name),
  description: Type.Optional(Description),
  due_date: Type.Optional(DateText),
  status: Type.Optional(TaskStatus),
  assigned_to_user_id: Type.Optional(Nullable(Id)),
  assigned_to_employee_id: Type.Optional(Nullable(Id)),
  ...CallerIds,
});

export const TaskStatusBody = Type.Object({ status: TaskStatus }, { additionalProperties: false });

const tags = ['tasks'];

export const listTasksSchema = {
  operationId: 'listTasks',
  summary: "The organisation's tasks (an employee: only those assigned to them)",
  tags,
  querystring: TaskListQuery,
  response: { 200: TaskList, ...errorResponses(400, 401) },
};

export const getTaskSchema = {
  operationId: 'getTask',
  summary: 'One task',
  tags,
  params: IdParams,
  response: { 200: TaskSchema, ...errorResponses(401, 404) },
};

export const createTaskSchema = {
  operationId: 'createTask',
  summary: 'Create a task (manager or admin)',
  description:
    'A due date in the past is accepted (the form refuses it; imports and corrections need it). ' +
    'An assignee who is not a user of the organisation is a 400 naming assigned_to_user_id.',
  tags,
  body: CreateTaskBody,
  response: { 201: TaskSchema, ...errorResponses(400, 401, 403) },
};

export const updateTaskSchema = {
  operationId: 'updateTask',
  summary: 'Change a task (manager or admin); only the fields sent change',
  tags,
  params: IdParams,
  body: UpdateTaskBody,
  response: { 200: TaskSchema, ...errorResponses(400, 401, 403, 404) },
};

export const setTaskStatusSchema = {
  operationId: 'setTaskStatus',
  summary: 'Set the status only: Mark as Done is { "status": "completed" }',
  description: 'Employees may do this for tasks assigned to them.',
  tags,
  params: IdParams,
  body: TaskStatusBody,
  response: { 200: TaskSchema, ...errorResponses(400, 401, 404) },
};
