import { createDatabase, hashPassword } from '../../api/src/index';

import type { DulyServer } from './duly-server';

/**
 * Gives a user created through POST /employees/ a password, so a test can sign in as them
 * through /login without going through their invitation mail (accounts.spec.ts does that). It
 * writes the hash the way the demo organisation's users get theirs (api/src/demo/seed.ts),
 * straight into the server's database.
 */
export async function givePassword(
  server: DulyServer,
  email: string,
  password: string,
): Promise<void> {
  const db = createDatabase(server.database);
  try {
    const result = await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`No user ${email} to give a password to`);
  } finally {
    await db.destroy();
  }
}
