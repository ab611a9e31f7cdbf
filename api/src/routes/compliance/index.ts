/**
 * /compliance (issue 28): the matrix of people × required certificate types, for managers and
 * admins, and its export. Totals and the order by compliance are computed in SQL over every
 * person matching (db/repositories/compliance.ts); the cells of the page's people are read
 * after, their state by @duly/shared's `complianceCellState` (the screens' rule too).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMPLIANCE_STATE_LABELS,
  TOTAL_COUNT_HEADER,
  complianceCellState,
  compliancePercent,
  type ComplianceMatrix,
  type ComplianceRow,
} from '@duly/shared/contract';
import { pageOf, type Page } from '../../db/list';
import { findCertificateType } from '../../db/repositories/certificate-types';
import {
  complianceSummary,
  heldCertificates,
  type ComplianceFilter,
  type ComplianceSort,
} from '../../db/repositories/compliance';
import { findEmployee } from '../../db/repositories/users';
import type { Db } from '../../db/tables';
import { kolkataToday } from '../../lib/dates';
import { notFound } from '../../lib/http-errors';
import { optionalText } from '../../lib/input';
import { CONTENT_TYPES, exportStream } from '../../export/write';
import { requireRole, type Caller } from '../../plugins/auth';
import { complianceExportSchema, complianceSchema } from './schema';

interface FilterQuery {
  department?: string | null;
  team_of?: string;
  type_id?: string;
  gaps_only?: 'true' | 'false';
  include_inactive?: 'true' | 'false';
  sort?: 'name' | '-name' | 'compliance' | '-compliance';
}

/** The query as a filter; another organisation's person or type is 404. */
async function filterOf(db: Db, caller: Caller, query: FilterQuery): Promise<ComplianceFilter> {
  const organizationId = caller.organization_id;
  const filter: ComplianceFilter = {
    organizationId,
    today: kolkataToday(),
    department: optionalText(query.department) ?? undefined,
    typeId: query.type_id,
    gapsOnly: query.gaps_only === 'true',
    includeInactive: query.include_inactive === 'true',
  };
  if (
    query.type_id !== undefined &&
    !(await findCertificateType(db, organizationId, query.type_id))
  ) {
    throw notFound('Certificate type');
  }
  if (query.team_of !== undefined) {
    const lead = await findEmployee(db, organizationId, query.team_of);
    if (!lead) throw notFound('Employee');
    // No one has a manager of record: a manager's team is their department (docs/compliance.md).
    filter.teamDepartment = lead.department ?? '';
  }
  return filter;
}

function sortOf(query: FilterQuery): { by: ComplianceSort; descending: boolean } {
  const sort = query.sort ?? 'name';
  return { by: sort.replace('-', '') as ComplianceSort, descending: sort.startsWith('-') };
}

async function matrixPage(
  db: Db,
  filter: ComplianceFilter,
  sort: { by: ComplianceSort; descending: boolean },
  page: Page,
): Promise<{ matrix: ComplianceMatrix; total: number }> {
  const {
    people,
    total,
    types: columns,
    isRequired,
  } = await complianceSummary(db, filter, sort, page);
  const held = await heldCertificates(
    db,
    filter.organizationId,
    people.map((person) => person.id),
  );
  const rows: ComplianceRow[] = people.map((person) => ({
    employee: {
      id: person.id,
      full_name: person.full_name,
      department: person.department,
      role: person.role,
    },
    cells: columns.map((type) => {
      const certificate = held.get(`${person.id}:${type.id}`) ?? null;
      return {
        type_id: type.id,
        state: complianceCellState({
          required: isRequired(person, type.id),
          expiryDate: certificate?.expiry_date ?? null,
          firstOffset: type.firstOffset,
          today: filter.today,
        }),
        certificate_id: certificate?.id ?? null,
        expiry_date: certificate?.expiry_date ?? null,
      };
    }),
    compliant_percent: compliancePercent(person.compliant, person.required),
    gaps: person.required - person.compliant,
  }));
  const requiredCells = columns.reduce((sum, type) => sum + type.required, 0);
  const compliantCells = columns.reduce((sum, type) => sum + type.compliant, 0);
  return {
    matrix: {
      types: columns.map((type) => ({ id: type.id, name: type.name })),
      rows,
      totals: {
        by_type: columns.map((type) => ({
          type_id: type.id,
          required: type.required,
          compliant: type.compliant,
          compliant_percent: compliancePercent(type.compliant, type.required),
        })),
        organization_percent: compliancePercent(compliantCells, requiredCells),
        gaps: requiredCells - compliantCells,
      },
    },
    total,
  };
}

/** Rows of the export: one per person, a column per type (its state as a word and date). */
async function* exportBatches(
  db: Db,
  filter: ComplianceFilter,
  sort: { by: ComplianceSort; descending: boolean },
): AsyncGenerator<Record<string, unknown>[]> {
  const size = 500;
  for (let offset = 0; ; offset += size) {
    // Every page has the same columns: the types required for someone matching the filter.
    const { matrix } = await matrixPage(db, filter, sort, { limit: size, offset });
    yield matrix.rows.map((row) => ({
      full_name: row.employee.full_name,
      department: row.employee.department,
      role: row.employee.role,
      compliant_percent: row.compliant_percent,
      ...Object.fromEntries(
        row.cells.map((cell) => [
          cell.type_id,
          cell.expiry_date && cell.state !== 'missing'
            ? `${COMPLIANCE_STATE_LABELS[cell.state]} (${cell.expiry_date})`
            : COMPLIANCE_STATE_LABELS[cell.state],
        ]),
      ),
    }));
    if (matrix.rows.length < size) return;
  }
}

const complianceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const managers = { preHandler: requireRole('manager') };

  fastify.get('/compliance', { schema: complianceSchema, ...managers }, async (request, reply) => {
    const filter = await filterOf(db, request.caller, request.query);
    const { matrix, total } = await matrixPage(
      db,
      filter,
      sortOf(request.query),
      pageOf(request.query),
    );
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(matrix);
  });

  fastify.get(
    '/compliance/export',
    { schema: complianceExportSchema, ...managers },
    async (request, reply) => {
      const { query } = request;
      const filter = await filterOf(db, request.caller, query);
      const { types } = await complianceSummary(db, filter, sortOf(query), {
        limit: 1,
        offset: 0,
      });
      const format = query.format ?? 'csv';
      const columns = [
        { header: 'name', key: 'full_name' },
        { header: 'department', key: 'department' },
        { header: 'role', key: 'role' },
        { header: 'compliant_percent', key: 'compliant_percent' },
        ...types.map((type) => ({ header: type.name, key: type.id })),
      ];
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="compliance-${kolkataToday()}.${format}"`,
        )
        .header('cache-control', 'no-store')
        .send(
          exportStream(
            format,
            columns,
            exportBatches(db, filter, sortOf(query)),
          ) as unknown as string,
        );
    },
  );
};

export default complianceRoutes;
