-- The owner role: who may run the business from /console (read booking requests, moderate community
-- recipes, read messages and subscribers). Granted by the service role only (the `npm run owner`
-- command, or the SQL statement in docs/deploy.md on hosted Supabase); never read from
-- user_metadata, which every user can edit. Design: docs/decisions/0010-owner-role.md.

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  granted_at timestamptz not null default now(),
  primary key (user_id, role),
  constraint user_roles_role_known check (role in ('owner'))
);

alter table public.user_roles enable row level security;

revoke all on table public.user_roles from anon, authenticated;
grant select on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

create policy "Signed-in users can see their own roles"
  on public.user_roles for select
  to authenticated
  using (user_id = (select auth.uid()));

-- A schema the API does not expose (hosted Supabase exposes public and graphql_public): its
-- functions cannot be called over /rest/v1/rpc, only used inside policies.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- Security definer so that policies on other tables can ask without the caller being able to read
-- user_roles beyond their own rows; an empty search_path so nothing the caller creates can stand in
-- for the tables it names.
create function private.is_owner() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
     where r.user_id = (select auth.uid()) and r.role = 'owner'
  )
$$;

revoke all on function private.is_owner() from public;
grant execute on function private.is_owner() to authenticated;
