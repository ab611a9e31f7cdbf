/**
 * `npm run repair:counters`: recomputes the list and dashboard counters of every organisation
 * from the rows (db/counter-repair.ts) on the database the server uses: PostgreSQL at
 * DATABASE_URL, else the SQLite file in DATA_DIR. Safe while the servers run (writers wait
 * for one organisation's count at a time); it migrates nothing. Exits 1 when the database
 * cannot be opened or read. docs/scaling.md says when to run it.
 */
import { existsSync } from 'node:fs';
import { createDatabase } from './db/connection';
import { repairCounters } from './db/counter-repair';
import { databaseFromEnv } from './plugins/config';

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

async function main(): Promise<number> {
  const { database } = databaseFromEnv();
  if (database.dialect === 'sqlite' && !existsSync(database.filename)) {
    console.error(`No database at ${database.filename} (set DATA_DIR or DATABASE_URL).`);
    return 1;
  }
  const db = createDatabase(database);
  try {
    const started = Date.now();
    const result = await repairCounters(db, {
      onOrganization: (_id, done) => {
        if (done % 1000 === 0) console.log(`${done} organisations checked…`);
      },
    });
    for (const { organizationId, counter, rows } of result.corrected) {
      console.log(`Organisation ${organizationId}: ${counter}, ${rowsText(rows)} corrected`);
    }
    const wrong = result.corrected.reduce((sum, { rows }) => sum + rows, 0);
    console.log(
      `Counters of ${result.organizationsChecked} organisations checked in ` +
        `${Date.now() - started} ms: ${wrong === 0 ? 'all were right' : `${wrong} rows corrected`}.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The counters could not be repaired:', error);
    process.exit(1);
  },
);
