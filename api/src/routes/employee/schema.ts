import { Type } from 'typebox';
import { CERTIFICATE_STATUSES, EMPLOYEE_TASK_FILTERS } from '@duly/shared/contract';
import { CERTIFICATE_SORTS } from '../../db/repositories/certificates';
import { TASK_SORTS } from '../../db/repositories/tasks';
import { Enum, errorResponses, listQuery } from '../../lib/schema';
import { CertificateList } from '../certificates/schema';
import { TaskList } from '../tasks/schema';

const tags = ['employee'];

export const myTasksSchema = {
  operationId: 'listMyTasks',
  summary: 'The caller\'s own tasks; status "pending" = not completed, "done" = completed',
  tags,
  querystring: listQuery(Object.keys(TASK_SORTS) as (keyof typeof TASK_SORTS)[], {
    status: Type.Optional(Enum(EMPLOYEE_TASK_FILTERS)),
  }),
  response: { 200: TaskList, ...errorResponses(400, 401) },
};

export const myCertificatesSchema = {
  operationId: 'listMyCertificates',
  summary: 'The certificates the caller is in charge of',
  tags,
  querystring: listQuery(Object.keys(CERTIFICATE_SORTS) as (keyof typeof CERTIFICATE_SORTS)[], {
    status: Type.Optional(Enum(CERTIFICATE_STATUSES)),
  }),
  response: { 200: CertificateList, ...errorResponses(400, 401) },
};
