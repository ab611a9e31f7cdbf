import { Migrator } from 'kysely';
import { migrations } from './migrations';
import type { Db } from './tables';

/**
 * Brings the schema up to date. Kysely's migrator takes a lock in the
 * database, so several instances starting together on one PostgreSQL apply
 * each migration once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error('Database migration failed', { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((r) => r.migrationName);
}
