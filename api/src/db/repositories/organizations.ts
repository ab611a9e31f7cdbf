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
