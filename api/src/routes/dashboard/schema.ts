import { Type } from 'typebox';
import { errorResponses } from '../../lib/schema';

export const DashboardSchema = Type.Object({
  tasks: Type.Object({ total_tasks: Type.Integer(), overdue_tasks: Type.Integer() }),
  certificates: Type.Object({
    total_certificates: Type.Integer(),
    expired_certificates: Type.Integer(),
  }),
  employee_count: Type.Integer(),
});

export const getDashboardSchema = {
  operationId: 'getDashboard',
  summary: 'Counts for the main dashboard (an employee sees only their own work)',
  tags: ['dashboard'],
  response: { 200: DashboardSchema, ...errorResponses(401) },
};
