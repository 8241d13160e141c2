-- Every committed write to a table of the public schema sends one notification on the channel
-- `table_change` (payload: the table's name), so a server that keeps answers in memory learns that
-- they may be out of date (docs/decisions/0012-response-cache.md). Statement-level: one
-- notification per statement whatever the number of rows, and PostgreSQL folds identical
-- notifications of one transaction into one, sent only when it commits. Nobody listening (hosted
-- Supabase): the notification costs next to nothing and is dropped.
--
-- Only tables the anon role may read get the trigger: only anonymous answers are kept, and a
-- notifying commit takes PostgreSQL's one notification lock, which would queue every booking
-- insert behind the one before it. Tables made or opened to anon by later migrations get the
-- trigger by calling private.watch_table_changes() again; a table without it is never answered
-- from memory.

create schema if not exists private;

create or replace function private.notify_table_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('table_change', tg_table_name);
  return null;
end
$$;

-- Idempotent: adds the trigger to each ordinary or partitioned table of public that anon may read
-- and that lacks it.
create or replace function private.watch_table_changes() returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  for t in
    select c.relname
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and has_any_column_privilege('anon', c.oid, 'select')
       and not exists (
         select from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'notify_table_change'
       )
  loop
    execute format(
      'create trigger notify_table_change after insert or update or delete or truncate on public.%I '
      'for each statement execute function private.notify_table_change()',
      t.relname
    );
  end loop;
end
$$;

revoke all on function private.notify_table_change() from public;
revoke all on function private.watch_table_changes() from public;

select private.watch_table_changes();
