import type { Db } from './tables';

/** Runs `work` in the caller's transaction, or in a new one when there is none. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
