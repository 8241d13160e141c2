-- What a hosted Supabase project has built in and the local server must provide before
-- supabase/migrations run: the API roles, the auth and storage schemas with the tables and
-- functions the migrations and the server use, and today's hosted defaults, so that a migration that
-- works here works there (docs/decisions/0018-local-behaves-like-hosted.md): no default grants to
-- the API roles in public, API roles that inherit, per-role statement timeouts, and storage rows
-- deleted only through the Storage API. Idempotent: applied at every start. Never edited into
-- supabase/migrations (hosted has it).

-- ── Roles ─────────────────────────────────────────────────────────────────────────────────────
-- Roles are cluster-wide: another database on the same server may be creating them right now, so
-- "already exists" is not an error.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin', r);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
    -- INHERIT, as hosted's API roles are (a role granted to one of them lends it its privileges).
    -- An older bootstrap made them NOINHERIT.
    if exists (select from pg_roles where rolname = r and not rolinherit) then
      begin
        execute format('alter role %I inherit', r);
      exception when others then null; -- another database's bootstrap got there first
      end;
    end if;
  end loop;
  if not exists (select from pg_roles where rolname = 'service_role' and rolbypassrls) then
    alter role service_role bypassrls;
  end if;
  -- The owner switches to these roles with `set local role`, as PostgREST's authenticator does.
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_has_role(current_user, r, 'member') then
      begin
        execute format('grant %I to %I', r, current_user);
      exception when others then null;
      end;
    end if;
  end loop;
end
$$;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- Hosted Supabase has granted nothing by default to the API roles since 2026-10-30: a table,
-- sequence or function a migration makes in public is reachable through the API only by the grants
-- that migration writes. An older bootstrap granted everything by default; that is taken back here
-- (objects made under it keep their grants). Functions keep PostgreSQL's own EXECUTE for PUBLIC.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- Hosted's per-role statement timeouts. PostgREST applies the impersonated role's settings in each
-- request's transaction, and so does our server (server/src/db/migrate.ts reads them after the
-- migrations); the service role, which has none, runs under hosted's authenticator limit (8 s).
-- Set only where the role has no timeout yet: one a migration or an administrator chose stays.
-- Roles are cluster-wide: these hold for every database on the server, as on hosted.
do $$
declare
  setting text[];
begin
  foreach setting slice 1 in array array[['anon', '3s'], ['authenticated', '8s']] loop
    if not exists (
      select from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where r.rolname = setting[1] and s.setdatabase = 0
         and exists (select from unnest(s.setconfig) c where c like 'statement\_timeout=%')
    ) then
      begin
        execute format('alter role %I set statement_timeout = %L', setting[1], setting[2]);
      exception when others then null; -- another database's bootstrap got there first
      end;
    end if;
  end loop;
end
$$;

-- ── auth (GoTrue's tables, the columns we use) ─────────────────────────────────────────────────
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email));
-- GoTrue's column for the hash of the link that confirms a new address (server/src/auth/store.ts);
-- added after the table, so that a database made before it gets it too.
alter table auth.users add column if not exists email_change_token_new varchar(255);
create unique index if not exists users_phone_key on auth.users (phone);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz,
  aal text default 'aal1',
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- GoTrue's identities (added by the auth helper): one `email` identity per user, listed in the
-- user JSON's `identities` as GoTrue answers it.
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- The API roles never read auth tables directly (hosted Supabase does not allow it either).
revoke all on all tables in schema auth from anon, authenticated;

-- Supabase's helpers, reading the claims the server sets at the start of each request.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

-- ── storage (the Storage API's tables) ─────────────────────────────────────────────────────────
create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Storage's own guard (its migration 0050): rows of storage.objects and storage.buckets are deleted
-- only by the Storage API, which says so with `storage.allow_delete_query` in its transaction; a
-- DELETE anywhere else (a migration, a function, the SQL editor) would leave the files behind and
-- is refused. Our Storage API (server/src/storage/store.ts) sets it as Supabase's does.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501', hint = 'This prevents accidental data loss from orphaned objects.';
  end if;
  return null;
end
$$;

do $$
begin
  if not exists (select from pg_trigger where tgname = 'protect_objects_delete' and tgrelid = 'storage.objects'::regclass) then
    create trigger protect_objects_delete before delete on storage.objects
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select from pg_trigger where tgname = 'protect_buckets_delete' and tgrelid = 'storage.buckets'::regclass) then
    create trigger protect_buckets_delete before delete on storage.buckets
      for each statement execute function storage.protect_delete();
  end if;
end
$$;

-- ── Migration tracking, as the Supabase CLI keeps it ───────────────────────────────────────────
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);
