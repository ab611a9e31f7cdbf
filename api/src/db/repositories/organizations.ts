import type { Organization } from '@duly/shared/contract';
import type { Insertable } from 'kysely';
import type { Db, OrganizationsTable } from '../tables';

export async function insertOrganization(
  db: Db,
  organization: Insertable<OrganizationsTable>,
): Promise<void> {
  await db.insertInto('organizations').values(organization).execute();
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The settings an admin changes (issue 26: whether employees' documents need approval). */
export interface OrganizationSettings {
  documents_need_approval: boolean;
}

export async function findOrganizationSettings(
  db: Db,
  id: string,
): Promise<OrganizationSettings | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('documents_need_approval')
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { documents_need_approval: Number(row.documents_need_approval) === 1 };
}

export async function saveOrganizationSettings(
  db: Db,
  id: string,
  changes: Partial<OrganizationSettings>,
): Promise<void> {
  if (changes.documents_need_approval === undefined) return;
  await db
    .updateTable('organizations')
    .set({ documents_need_approval: changes.documents_need_approval ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
