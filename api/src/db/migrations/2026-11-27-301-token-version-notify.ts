/**
 * Sessions ended on one instance end on every instance at once (issue 31, item 2): on
 * PostgreSQL, raising a user's token version (a password change, a deactivation, a role
 * change) or removing the user notifies channel `duly_token_version` with
 * `{"user_id": …, "version": …}` (version null when the user is gone). NOTIFY is
 * transactional: listeners hear it when the change commits, never for a rolled-back one.
 * Every instance listens (cluster/database-listener.ts) and drops its cached version.
 *
 * A trigger, not a call in each repository: every path that raises the version, today's and
 * tomorrow's, is covered. SQLite runs one instance, which learns its own changes directly.
 * Citus runs triggers on the workers, whose notifications do not reach the coordinator's
 * listeners: there the versions' cache age (TOKEN_VERSION_MAX_AGE_MS) stays the bound
 * (docs/scaling.md).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database-clock';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function duly_notify_token_version() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('duly_token_version',
          json_build_object('user_id', old.id, 'version', null)::text);
        return old;
      end if;
      if new.token_version is distinct from old.token_version then
        perform pg_notify('duly_token_version',
          json_build_object('user_id', new.id, 'version', new.token_version)::text);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger users_token_version_notify
    after update of token_version or delete on users
    for each row execute function duly_notify_token_version()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists users_token_version_notify on users`.execute(db);
  await sql`drop function if exists duly_notify_token_version()`.execute(db);
}
