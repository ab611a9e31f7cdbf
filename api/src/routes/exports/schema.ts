import { Type, type TObject, type TProperties } from 'typebox';
import { CertificateListQuery } from '../certificates/schema';
import { EmployeeListQuery } from '../employees/schema';
import { TaskListQuery } from '../tasks/schema';
import { Enum, errorResponses } from '../../lib/schema';

/** A list's query without its page: the export takes every matching row. */
function exportQuery<P extends TProperties>(list: TObject<P>) {
  const { limit: _limit, offset: _offset, ...filters } = list.properties;
  return Type.Object({
    ...(filters as Omit<P, 'limit' | 'offset'>),
    format: Type.Optional(Enum(['csv', 'xlsx'] as const, { description: 'csv (default) or xlsx' })),
    delimiter: Type.Optional(
      Enum([',', ';'] as const, { description: 'The CSV delimiter; `,` unless `;` is asked for' }),
    ),
  });
}

export const EmployeeExportQuery = exportQuery(EmployeeListQuery);
export const TaskExportQuery = exportQuery(TaskListQuery);
export const CertificateExportQuery = exportQuery(CertificateListQuery);

const File = Type.String({
  description:
    'text/csv (UTF-8 with BOM) or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

const response = { 200: File, ...errorResponses(400, 401) };

export const exportEmployeesSchema = {
  operationId: 'exportEmployees',
  summary: "The employees list as CSV or .xlsx, with the list's filters, search and sort",
  tags: ['employees'],
  querystring: EmployeeExportQuery,
  response,
};

export const exportTasksSchema = {
  operationId: 'exportTasks',
  summary: "The tasks list as CSV or .xlsx (an employee: their own), with the list's filters",
  tags: ['tasks'],
  querystring: TaskExportQuery,
  response,
};

export const exportCertificatesSchema = {
  operationId: 'exportCertificates',
  summary:
    "The certificates list as CSV or .xlsx (an employee: their own), with the list's filters",
  tags: ['certificates'],
  querystring: CertificateExportQuery,
  response,
};
