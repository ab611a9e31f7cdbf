/**
 * Requests per signed-in person, counted in one place for every instance on PostgreSQL (issue
 * 31, item 1; limits/user-requests.ts). A budget of hundreds of requests a minute would make
 * `limit_windows`' list of hits long and rewritten on every request, so this limit keeps two
 * counters per person instead, the current fixed window and the one before, and estimates the
 * sliding window from them (the previous window's count weighted by how much of it still
 * overlaps). UNLOGGED, like `limit_windows`: a crash only forgets the last minute's counts.
 *
 * `duly_limit_count` answers 0 (admitted and counted) or the seconds to wait (refused, and not
 * counted): one round trip. The upsert's row lock serialises two instances counting one
 * person, and each sees its own count, so they cannot both take the last place.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database-clock';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create unlogged table limit_counters (
      key text primary key,
      count int not null,
      expires_at bigint not null
    )`.execute(db);
  await sql`create index limit_counters_expires_at on limit_counters (expires_at)`.execute(db);
  await sql`
    create function duly_limit_count(p_key text, p_max int, p_window bigint, p_now bigint)
    returns int language plpgsql as $$
    declare
      w bigint := p_now / p_window;
      start bigint := w * p_window;
      current_key text := p_key || ':' || w;
      previous int;
      counted int;
      others int;
      overlap float8;
      until float8;
    begin
      select count into previous from limit_counters where key = p_key || ':' || (w - 1);
      previous := coalesce(previous, 0);
      insert into limit_counters as c (key, count, expires_at)
        values (current_key, 1, start + 2 * p_window)
        on conflict (key) do update set count = c.count + 1
        returning c.count into counted;
      overlap := 1 - (p_now - start)::float8 / p_window;
      if previous * overlap + counted <= p_max then
        return 0;
      end if;
      update limit_counters set count = count - 1 where key = current_key;
      others := counted - 1;
      if others < p_max then
        until := start + p_window * (1 - (p_max - others - 1)::float8 / previous);
      else
        until := start + p_window + p_window * (1 - (p_max - 1)::float8 / others);
      end if;
      return greatest(1, ceil((until - p_now) / 1000.0)::int);
    end
    $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists duly_limit_count(text, int, bigint, bigint)`.execute(db);
  await sql`drop table if exists limit_counters`.execute(db);
}
