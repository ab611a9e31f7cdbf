/**
 * /certificates: list, read, create, change. Dates are Asia/Kolkata calendar
 * dates; an ISO instant is accepted and converted to its Kolkata date.
 */
import { queueWebhookEvents } from '../../webhooks/events';
import { certificateEvent } from '../../webhooks/hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { pageOf, parseSort } from '../../db/list';
import {
  CERTIFICATE_SORTS,
  findCertificate,
  findCertificateForSave,
  insertCertificate,
  listCertificates,
  saveCertificate,
  type CertificateEdit,
  type CertificateFilter,
} from '../../db/repositories/certificates';
import { addCalendarDays, kolkataToday, nowIso } from '../../lib/dates';
import { forbidden, notFound } from '../../lib/http-errors';
import { findCertificateType } from '../../db/repositories/certificate-types';
import type { Db } from '../../db/tables';
import { checkedOffsets } from '../certificate-types/offsets';
import { tellNewPersonInCharge } from '../../reminders/reassignment';
import { InputCheck, optionalText, rejectForeignIds } from '../../lib/input';
import { hasRole, requireRole } from '../../plugins/auth';
import { LIST_TTL_MS } from '../../plugins/response-cache';
import { actorOf, checkMember, ownerScope, personFilter } from '../access';
import {
  type CertificateListQuery,
  createCertificateSchema,
  getCertificateSchema,
  listCertificatesSchema,
  updateCertificateSchema,
} from './schema';

/** `expiring_within_days=30`: expiry dates from today to 30 days ahead, in Asia/Kolkata. */
function expiringWithin(days: number | undefined) {
  if (days === undefined) return {};
  const today = kolkataToday();
  return { expiresFrom: today, expiresUntil: addCalendarDays(today, days) };
}

/**
 * The list's filter from its query, for the organisation and the person in charge the caller
 * may see: the list and its export (routes/exports) read exactly the same certificates.
 */
export function certificateListFilter(
  organizationId: string,
  inchargePersonId: string | undefined,
  query: Pick<
    Static<typeof CertificateListQuery>,
    'status' | 'q' | 'expiring_within_days' | 'in_reminder_window'
  >,
): CertificateFilter {
  return {
    organizationId,
    inchargePersonId,
    status: query.status,
    q: query.q,
    ...expiringWithin(query.expiring_within_days),
    ...reminderWindow(query.in_reminder_window),
  };
}

/**
 * The certificate type sent (undefined: not sent, null: none), checked to be the caller's
 * organisation's: another organisation's type is 404 like any id of theirs.
 */
async function checkedType(
  db: Db,
  organizationId: string,
  typeId: string | null | undefined,
): Promise<string | null | undefined> {
  if (typeId === undefined || typeId === null) return typeId;
  if (!(await findCertificateType(db, organizationId, typeId))) throw notFound('Certificate type');
  return typeId;
}

/** The offsets sent, checked and stored as JSON text (null: follow the type). */
function storedOffsets(
  check: InputCheck,
  offsets: number[] | null | undefined,
): string | null | undefined {
  if (offsets === undefined || offsets === null) return offsets;
  return JSON.stringify(checkedOffsets(check, offsets, 'reminder_offsets'));
}

/** `in_reminder_window=true`: certificates whose reminder window has started and not ended. */
export function reminderWindow(on: 'true' | 'false' | undefined) {
  return on === 'true' ? { inReminderWindowOn: kolkataToday() } : {};
}

function checkDateOrder(check: InputCheck, issueDate: string | null, expiryDate: string): void {
  if (issueDate && expiryDate && issueDate > expiryDate) {
    check.fail('expiry_date', 'must not be before issue_date');
  }
}

const certificateRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  fastify.get('/certificates/', { schema: listCertificatesSchema }, async (request, reply) => {
    const { caller, query } = request;
    const inchargePersonId = personFilter(caller, query.incharge_person_id);
    if (inchargePersonId === null) return reply.header(TOTAL_COUNT_HEADER, '0').send([]);
    return fastify.cachedAnswer(request, reply, LIST_TTL_MS, async () => {
      const { items, total } = await listCertificates(
        db,
        certificateListFilter(caller.organization_id, inchargePersonId, query),
        parseSort(query.sort, CERTIFICATE_SORTS, 'expiry_date'),
        pageOf(query),
      );
      return { body: items, total };
    });
  });

  fastify.get('/certificates/:id/', { schema: getCertificateSchema }, async (request) => {
    const { caller } = request;
    const certificate = await findCertificate(db, {
      id: request.params.id,
      organizationId: caller.organization_id,
      inchargePersonId: ownerScope(caller),
    });
    if (!certificate) throw notFound('Certificate');
    return certificate;
  });

  fastify.post('/certificates/', { schema: createCertificateSchema }, async (request, reply) => {
    const { caller, body } = request;
    // An employee submits their own certificate (issue 26, from their dashboard): only in
    // their own charge, so they can see it and send its document; history names them.
    const employee = !hasRole(caller, 'manager');
    const named = body.incharge_person_id === undefined ? caller.id : body.incharge_person_id;
    if (employee && named !== caller.id) {
      throw forbidden('An employee can create a certificate only in their own charge');
    }
    rejectForeignIds(body, {
      organization_id: [caller.organization_id],
      created_by_user_id: [caller.id],
    });
    const check = new InputCheck();
    const name = check.requiredText(body.name, 'name');
    const issueDate = body.issue_date ? check.calendarDate(body.issue_date, 'issue_date') : null;
    const expiryDate = check.calendarDate(body.expiry_date, 'expiry_date');
    checkDateOrder(check, issueDate, expiryDate);
    const incharge = employee ? caller.id : (body.incharge_person_id ?? null);
    await checkMember(db, caller, incharge, check, 'incharge_person_id');
    const reminderOffsets = storedOffsets(check, body.reminder_offsets) ?? null;
    check.done();
    const typeId =
      (await checkedType(db, caller.organization_id, body.certificate_type_id)) ?? null;

    const id = randomUUID();
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await insertCertificate(
        trx,
        {
          id,
          organization_id: caller.organization_id,
          name,
          description: optionalText(body.description) ?? null,
          issue_date: issueDate,
          expiry_date: expiryDate,
          reminder_days_before: body.reminder_days_before,
          certificate_type_id: typeId,
          reminder_offsets: reminderOffsets,
          department: optionalText(body.department) ?? null,
          incharge_person_id: incharge,
          created_by_user_id: caller.id,
          assigner_id: incharge === null ? null : caller.id,
          status: 'active',
          created_at: now,
          updated_at: now,
        },
        actorOf(caller),
      );
      await queueWebhookEvents(trx, [
        certificateEvent(trx, 'certificate.created', caller.organization_id, id),
      ]);
    });
    const certificate = await findCertificate(db, { id, organizationId: caller.organization_id });
    return reply.code(201).send(certificate!);
  });

  fastify.put(
    '/certificates/:id/',
    { schema: updateCertificateSchema, preHandler: requireRole('manager') },
    async (request) => {
      const { caller, body } = request;
      const scope = { id: request.params.id, organizationId: caller.organization_id };
      // Read in the save's transaction (locked while the history records): its recorded fields
      // are the save's old values, so the UPDATE reads none (db/old-values.ts lockedForSave).
      const unchanged = await db.transaction().execute(async (trx) => {
        const found = await findCertificateForSave(trx, scope);
        if (!found) throw notFound('Certificate');
        const { certificate: existing, recorded } = found;
        rejectForeignIds(body, {
          organization_id: [caller.organization_id],
          created_by_user_id: [existing.created_by_user_id],
        });

        const check = new InputCheck();
        const changes: CertificateEdit['changes'] = {};
        if (body.name !== undefined) changes.name = check.requiredText(body.name, 'name');
        if (body.description !== undefined) changes.description = optionalText(body.description);
        if (body.issue_date !== undefined) {
          changes.issue_date = body.issue_date
            ? check.calendarDate(body.issue_date, 'issue_date')
            : null;
        }
        if (body.expiry_date !== undefined) {
          changes.expiry_date = check.calendarDate(body.expiry_date, 'expiry_date');
        }
        if (body.reminder_days_before !== undefined) {
          changes.reminder_days_before = body.reminder_days_before;
        }
        if (body.reminder_offsets !== undefined) {
          changes.reminder_offsets = storedOffsets(check, body.reminder_offsets);
        }
        if (body.department !== undefined) changes.department = optionalText(body.department);
        const reassigned =
          body.incharge_person_id !== undefined &&
          body.incharge_person_id !== existing.incharge_person_id;
        if (body.incharge_person_id !== undefined) {
          await checkMember(trx, caller, body.incharge_person_id, check, 'incharge_person_id');
          if (reassigned) {
            changes.incharge_person_id = body.incharge_person_id;
            changes.assigner_id = caller.id;
          }
        }
        const expiryDate = changes.expiry_date ?? existing.expiry_date;
        const issueDate = 'issue_date' in changes ? changes.issue_date : existing.issue_date;
        checkDateOrder(check, issueDate ?? null, expiryDate);
        check.done();
        if (body.certificate_type_id !== undefined) {
          changes.certificate_type_id = await checkedType(
            trx,
            caller.organization_id,
            body.certificate_type_id,
          );
        }

        if (Object.keys(changes).length === 0 && body.status === undefined) return existing;
        const now = nowIso();
        changes.updated_at = now;
        // The status is worked out by the UPDATE itself, and the reminder re-armed by the save
        // when the edit calls for it (repositories/certificates.ts).
        const saved = await saveCertificate(
          trx,
          caller.organization_id,
          existing.id,
          {
            changes,
            status: body.status,
            expiryDate,
            today: kolkataToday(),
          },
          actorOf(caller),
          recorded,
        );
        if (saved && reassigned) await tellNewPersonInCharge(trx, saved, now);
        // Renewed: now renewed and not before, or renewed again with a new expiry date.
        if (
          saved?.status === 'renewed' &&
          (existing.status !== 'renewed' || saved.expiry_date !== existing.expiry_date)
        ) {
          await queueWebhookEvents(trx, [
            certificateEvent(trx, 'certificate.renewed', caller.organization_id, existing.id),
          ]);
        }
        return undefined;
      });
      return unchanged ?? (await findCertificate(db, scope))!;
    },
  );
};

export default certificateRoutes;
