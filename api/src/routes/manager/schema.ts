import { Type } from 'typebox';
import { Id, Nullable, PageQuery, errorResponses } from '../../lib/schema';
import { CertificateList, CertificateListQuery, CertificateSchema } from '../certificates/schema';
import { TaskList, TaskListQuery, TaskSchema } from '../tasks/schema';

export const TeamMemberSchema = Type.Object({
  id: Type.String(),
  full_name: Nullable(Type.String()),
  email: Type.String(),
  open_tasks: Type.Integer({ description: 'Their tasks not completed' }),
  overdue_tasks: Type.Integer({ description: 'Of those, overdue or past their due instant' }),
  expiring_certificates: Type.Integer({
    description: 'Certificates they are in charge of that are in their reminder window',
  }),
});

const tags = ['manager'];

export const teamSchema = {
  operationId: 'listTeam',
  summary: "The team: the organisation's active users",
  tags,
  querystring: PageQuery,
  response: { 200: Type.Array(TeamMemberSchema), ...errorResponses(400, 401, 403) },
};

export const teamTasksSchema = {
  operationId: 'listTeamTasks',
  summary: "The team's tasks (the organisation's), with assignee and assigner",
  tags,
  querystring: TaskListQuery,
  response: { 200: TaskList, ...errorResponses(400, 401, 403) },
};

export const teamCertificatesSchema = {
  operationId: 'listTeamCertificates',
  summary: "The team's certificates (the organisation's), with the person in charge",
  tags,
  querystring: CertificateListQuery,
  response: { 200: CertificateList, ...errorResponses(400, 401, 403) },
};

export const TeamSummarySchema = Type.Object({
  overdue_tasks: Type.Integer({
    description: "The organisation's overdue tasks, as GET /dashboard/ counts them for a manager",
  }),
  certificates_in_reminder_window: Type.Integer({
    description: "The organisation's certificates in their reminder window",
  }),
  pending_documents: Type.Integer({ description: 'Uploaded documents waiting for a decision' }),
});

export const teamSummarySchema = {
  operationId: 'getTeamSummary',
  summary:
    "The team dashboard's summary line: overdue tasks, certificates in their reminder window, documents to approve",
  tags,
  response: { 200: TeamSummarySchema, ...errorResponses(401, 403) },
};

export const assignTaskSchema = {
  operationId: 'assignTask',
  summary: 'Assign a task to a user of the organisation; the caller becomes its assigner',
  tags,
  body: Type.Object({ task_id: Id, employee_id: Id }),
  response: { 200: TaskSchema, ...errorResponses(400, 401, 403, 404) },
};

export const assignCertificateSchema = {
  operationId: 'assignCertificate',
  summary: 'Put a user of the organisation in charge of a certificate',
  tags,
  body: Type.Object({ certificate_id: Id, employee_id: Id }),
  response: { 200: CertificateSchema, ...errorResponses(400, 401, 403, 404) },
};
