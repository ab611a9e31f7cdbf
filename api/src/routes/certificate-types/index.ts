/**
 * /certificate-types (issue 28): the organisation's catalogue of certificate types. Everyone
 * signed in reads it (the certificate form offers the types); admins add, change and delete.
 * Bad input is refused whole (400, nothing written); another organisation's id is 404; a
 * duplicate name or deleting a type in use is 409.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import {
  DEFAULT_REMINDER_OFFSETS,
  TOTAL_COUNT_HEADER,
  validityMonthsProblem,
  type CertificateRequirement,
  type CertificateType,
} from '@duly/shared/contract';
import { pageOf } from '../../db/list';
import {
  deleteCertificateType,
  findCertificateType,
  insertCertificateType,
  linkCertificatesByName,
  listCertificateTypes,
  saveCertificateType,
  typeIdNamed,
  type CertificateTypeFields,
} from '../../db/repositories/certificate-types';
import { kolkataToday, nowIso } from '../../lib/dates';
import { conflict, notFound } from '../../lib/http-errors';
import { InputCheck, optionalText } from '../../lib/input';
import { requireRole } from '../../plugins/auth';
import { actorOf } from '../access';
import { checkedOffsets } from './offsets';
import {
  createCertificateTypeSchema,
  deleteCertificateTypeSchema,
  getCertificateTypeSchema,
  linkCertificatesSchema,
  listCertificateTypesSchema,
  updateCertificateTypeSchema,
  type CertificateTypeBody,
} from './schema';

type Body = Static<typeof CertificateTypeBody>;

const OPTIONAL: CertificateRequirement = { everyone: false, roles: [], departments: [] };

function checkedRequirement(required: NonNullable<Body['required_for']>): CertificateRequirement {
  // The schema allows only the roles there are; each is kept once.
  const roles = [...new Set(required.roles)];
  const departments = [
    ...new Set(required.departments.map((name) => name.trim()).filter((name) => name !== '')),
  ];
  return {
    everyone: required.everyone,
    roles,
    departments: departments.sort(),
  };
}

/** The type's fields after `body` is applied to `base` (every field checked, all at once). */
function merged(check: InputCheck, base: CertificateTypeFields, body: Body): CertificateTypeFields {
  const fields = { ...base };
  if (body.name !== undefined) fields.name = check.requiredText(body.name, 'name');
  if (body.description !== undefined) fields.description = optionalText(body.description) ?? null;
  if (body.validity_months !== undefined) {
    const problem = validityMonthsProblem(body.validity_months);
    if (problem) check.fail('validity_months', problem);
    fields.validity_months = body.validity_months;
  }
  if (body.reminder_offsets !== undefined) {
    fields.reminder_offsets = checkedOffsets(check, body.reminder_offsets, 'reminder_offsets');
  }
  if (body.remind_after_expiry !== undefined) fields.remind_after_expiry = body.remind_after_expiry;
  if (body.required_for !== undefined) {
    fields.required_for = checkedRequirement(body.required_for);
  }
  return fields;
}

function fieldsOf(type: CertificateType): CertificateTypeFields {
  return {
    name: type.name,
    description: type.description,
    validity_months: type.validity_months,
    reminder_offsets: type.reminder_offsets,
    remind_after_expiry: type.remind_after_expiry,
    required_for: type.required_for,
  };
}

const certificateTypeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;
  const admin = { preHandler: requireRole('admin') };

  async function typeOf(organizationId: string, id: string): Promise<CertificateType> {
    const type = await findCertificateType(db, organizationId, id);
    if (!type) throw notFound('Certificate type');
    return type;
  }

  async function checkNameFree(organizationId: string, name: string, except?: string) {
    const holder = await typeIdNamed(db, organizationId, name);
    if (holder !== undefined && holder !== except) {
      throw conflict(`A certificate type named "${name}" already exists.`);
    }
  }

  fastify.get(
    '/certificate-types/',
    { schema: listCertificateTypesSchema },
    async (request, reply) => {
      const { items, total } = await listCertificateTypes(
        db,
        request.caller.organization_id,
        pageOf(request.query),
      );
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  fastify.get('/certificate-types/:id', { schema: getCertificateTypeSchema }, async (request) =>
    typeOf(request.caller.organization_id, request.params.id),
  );

  fastify.post(
    '/certificate-types/',
    { schema: createCertificateTypeSchema, ...admin },
    async (request, reply) => {
      const { caller, body } = request;
      const check = new InputCheck();
      if (body.name === undefined) check.fail('name', 'is required');
      const fields = merged(
        check,
        {
          name: '',
          description: null,
          validity_months: null,
          reminder_offsets: [...DEFAULT_REMINDER_OFFSETS],
          remind_after_expiry: false,
          required_for: OPTIONAL,
        },
        body,
      );
      check.done();
      await checkNameFree(caller.organization_id, fields.name);
      const id = randomUUID();
      await insertCertificateType(
        db,
        caller.organization_id,
        id,
        fields,
        nowIso(),
        actorOf(caller),
      );
      return reply.code(201).send(await typeOf(caller.organization_id, id));
    },
  );

  fastify.put(
    '/certificate-types/:id',
    { schema: updateCertificateTypeSchema, ...admin },
    async (request) => {
      const { caller, body } = request;
      const existing = await typeOf(caller.organization_id, request.params.id);
      const check = new InputCheck();
      const before = fieldsOf(existing);
      const after = merged(check, before, body);
      check.done();
      if (after.name.toLowerCase() !== before.name.toLowerCase()) {
        await checkNameFree(caller.organization_id, after.name, existing.id);
      }
      // Certificates point at the type by id: a new name, offsets or requirement is theirs too.
      await saveCertificateType(
        db,
        caller.organization_id,
        existing.id,
        before,
        after,
        { now: nowIso(), today: kolkataToday() },
        actorOf(caller),
      );
      return typeOf(caller.organization_id, existing.id);
    },
  );

  fastify.delete(
    '/certificate-types/:id',
    { schema: deleteCertificateTypeSchema, ...admin },
    async (request, reply) => {
      const { caller } = request;
      const type = await typeOf(caller.organization_id, request.params.id);
      const outcome = await deleteCertificateType(
        db,
        caller.organization_id,
        type.id,
        actorOf(caller),
      );
      if (outcome === 'in_use') {
        throw conflict(
          `"${type.name}" cannot be deleted: certificates are of this type. Give them another type first.`,
        );
      }
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/certificate-types/:id/link-certificates',
    { schema: linkCertificatesSchema, ...admin },
    async (request) => {
      const { caller } = request;
      const type = await typeOf(caller.organization_id, request.params.id);
      const linked = await linkCertificatesByName(
        db,
        caller.organization_id,
        type,
        nowIso(),
        actorOf(caller),
      );
      return { linked };
    },
  );
};

export default certificateTypeRoutes;
