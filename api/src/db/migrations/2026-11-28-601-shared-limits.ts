/**
 * The limits on guesses and public requests, shared by every instance on PostgreSQL (issue 31,
 * item 1; limits/pg-store.ts). UNLOGGED: no WAL per sign-in, and a crash only forgets recent
 * guesses. One row per key: `hits` are the admitted requests' times in microseconds (unique
 * within a millisecond), `expires_at` (ms) when the last of them leaves the longest window.
 *
 * `duly_limit_admit` answers 0 (admitted, and `p_hit` recorded under `p_record_keys`) or the
 * seconds to wait. It locks the keys' rows in key order first; each later statement of a
 * PL/pgSQL function sees what other transactions committed before the lock was granted, so
 * two instances cannot both take a key's last place. A check with `p_gate[i] > 0` applies only
 * while check `p_gate[i]` (1-based) is full; one with -1 never refuses (it is only a gate). SQLite runs one instance and counts in memory.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database-clock';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create unlogged table limit_windows (
      key text primary key,
      hits bigint[] not null default '{}',
      expires_at bigint not null default 0
    )`.execute(db);
  await sql`create index limit_windows_expires_at on limit_windows (expires_at)`.execute(db);
  await sql`
    create function duly_limit_admit(
      p_keys text[], p_max int[], p_window bigint[], p_gate int[],
      p_record_keys text[], p_record_keep bigint[], p_now bigint, p_hit bigint
    ) returns int language plpgsql as $$
    declare
      n int := coalesce(array_length(p_keys, 1), 0);
      counts int[] := array_fill(0, array[greatest(n, 1)]);
      waits int[] := array_fill(0, array[greatest(n, 1)]);
      recent bigint[];
      wait int := 0;
    begin
      insert into limit_windows (key)
        select distinct k from unnest(p_keys || p_record_keys) k order by 1
        on conflict (key) do nothing;
      perform 1 from limit_windows where key = any(p_keys || p_record_keys)
        order by key for update;
      for i in 1..n loop
        select coalesce(array_agg(h order by h), '{}') into recent
          from limit_windows w, unnest(w.hits) h
          where w.key = p_keys[i] and h > (p_now - p_window[i]) * 1000;
        counts[i] := coalesce(array_length(recent, 1), 0);
        if counts[i] >= p_max[i] then
          waits[i] := greatest(1, ceil(
            (recent[counts[i] - p_max[i] + 1] / 1000 + p_window[i] - p_now) / 1000.0)::int);
        end if;
      end loop;
      for i in 1..n loop
        if p_gate[i] < 0 or (p_gate[i] > 0 and counts[p_gate[i]] < p_max[p_gate[i]]) then
          continue;
        end if;
        wait := greatest(wait, waits[i]);
      end loop;
      if wait > 0 then
        return wait;
      end if;
      for i in 1..coalesce(array_length(p_record_keys, 1), 0) loop
        update limit_windows set
          hits = array(select h from unnest(hits) h
                       where h > (p_now - p_record_keep[i]) * 1000 order by h) || p_hit,
          expires_at = greatest(expires_at, p_now + p_record_keep[i])
        where key = p_record_keys[i];
      end loop;
      return 0;
    end
    $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists duly_limit_admit(text[], int[], bigint[], int[], text[], bigint[], bigint, bigint)`.execute(
    db,
  );
  await sql`drop table if exists limit_windows`.execute(db);
}
