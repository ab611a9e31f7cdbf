/**
 * Indexes for the people list's role and department filters (GET /employees/?role=&department=,
 * the employees remote). Like every list index they start with organization_id and end with the
 * default order (full_name, id), so a filtered page comes straight out of the index.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('users_organization_id_role_full_name_idx')
    .on('users')
    .columns(['organization_id', 'role', 'full_name', 'id'])
    .execute();
  await db.schema
    .createIndex('users_organization_id_department_full_name_idx')
    .on('users')
    .columns(['organization_id', 'department', 'full_name', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_organization_id_department_full_name_idx').execute();
  await db.schema.dropIndex('users_organization_id_role_full_name_idx').execute();
}
