-- Backups the server made (npm run backup, and the scheduled ones): when, where, how big, or why
-- one failed, so the console's overview can show the age of the last good backup and a failure is
-- never silent. Written by the server as the database owner; read by owners only, through
-- public.backup_status(). Design: docs/decisions/0020-backups-and-durability.md.

create table private.backup_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  ok boolean not null,
  kind text not null check (kind in ('scheduled', 'manual')),
  file text,
  bytes bigint,
  error text
);
create index backup_runs_finished_at_idx on private.backup_runs (finished_at desc);

alter table private.backup_runs enable row level security;
-- No policy: the API roles cannot read or write it (hosted Supabase grants nothing by default).
revoke all on table private.backup_runs from public, anon, authenticated, service_role;

-- The last good backup and the last failure after it; only for the owner (and the service role).
create function public.backup_status() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  good private.backup_runs;
  failed private.backup_runs;
begin
  if not (coalesce((select auth.role()), '') = 'service_role' or (select private.is_owner())) then
    raise exception 'only the owner can see backups' using errcode = '42501';
  end if;
  select * into good from private.backup_runs where ok order by finished_at desc limit 1;
  select * into failed from private.backup_runs
   where not ok and finished_at > coalesce(good.finished_at, '-infinity'::timestamptz)
   order by finished_at desc limit 1;
  return jsonb_build_object(
    'last_good_at', good.finished_at,
    'last_good_file', good.file,
    'last_good_bytes', good.bytes,
    'last_failure_at', failed.finished_at,
    'last_error', failed.error
  );
end
$$;

revoke all on function public.backup_status() from public, anon;
grant execute on function public.backup_status() to authenticated, service_role;
