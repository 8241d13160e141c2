-- The chef's own site (issue 36; docs/decisions/0053-site-drafts-and-publications.md): what the chef
-- edits in /console?section=site, as drafts, publications and history.
--
-- - public.site_documents: one row per document key (brand, pricing, pages, testimonials, recipes,
--   gallery, quotes): the owner's draft, its version (optimistic concurrency), and what is published.
--   A missing row is the document's default (content/editable.ts, today's content/), so no content is
--   written twice, in TypeScript and in SQL.
-- - public.site_publications: every publication (who, when, what changed, the whole published content).
--   The newest one is the live site: public.published_site() returns its content.
-- - Everything is written through the functions below (security definer, owner only); RLS lets the
--   owner read and nobody else; the service role keeps full access (backups, tests, admin).
-- - Publishing also updates what the database itself uses: public.quote_settings (the `quotes`
--   document) and public.quote_add_ons (the priced add-ons of the `pricing` document) that the console
--   offers when a quote is written.

-- ── Checks on a document ──────────────────────────────────────────────────────────────────────

-- The database's own rules, beyond the zod schemas of content/editable.ts that the console checks
-- first: the shape (a list for testimonials, recipes and gallery, an object otherwise), at most 1 MB,
-- every amount in cents an integer from 0 to 1,000,000.00, and the fields other tables or pages
-- cannot do without present and not blank. Returns what is wrong, or null.
create function private.site_document_problem(p_key text, p_doc jsonb) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  bad boolean;
begin
  if p_key in ('testimonials', 'recipes', 'gallery') then
    if p_doc is null or jsonb_typeof(p_doc) <> 'array' then
      return 'This document is a JSON list.';
    end if;
    if exists (select 1 from jsonb_array_elements(p_doc) e where jsonb_typeof(e) <> 'object') then
      return 'Every item of the list is a JSON object.';
    end if;
  elsif p_doc is null or jsonb_typeof(p_doc) <> 'object' then
    return 'A document is a JSON object.';
  end if;
  if octet_length(p_doc::text) > 1000000 then
    return 'A document is at most 1 MB.';
  end if;
  -- Every member whose name ends in "cents" or "Cents", at any depth.
  select exists (
    select 1
      from jsonb_path_query(p_doc, 'strict $.**') as v(value)
     cross join lateral jsonb_each(case when jsonb_typeof(v.value) = 'object' then v.value else '{}'::jsonb end) as e(k, x)
     where (e.k ~ '(^c|C)ents$')
       and not (jsonb_typeof(e.x) = 'number' and (e.x)::numeric >= 0 and (e.x)::numeric <= 100000000
                and (e.x)::numeric = trunc((e.x)::numeric))
  ) into bad;
  if bad then
    return 'Prices are whole cents from 0 to 100000000.';
  end if;
  if p_key = 'brand' then
    if coalesce(p_doc ->> 'name', '') !~ '[^[:space:]]' then return 'The brand needs a name.'; end if;
    if coalesce(p_doc ->> 'phone', '') !~ '[0-9]' then return 'The brand needs a phone number.'; end if;
    if coalesce(p_doc ->> 'email', '') !~ '^[^@[:space:]]+@[^@[:space:]]+$' then return 'The brand needs an e-mail address.'; end if;
  elsif p_key = 'quotes' then
    if coalesce(p_doc ->> 'currency', '') !~ '^[A-Z]{3}$' then return 'The currency is three capital letters, like USD.'; end if;
    if coalesce(p_doc ->> 'terms', '') !~ '[^[:space:]]' then return 'The quote terms cannot be empty.'; end if;
  elsif p_key = 'recipes' then
    -- A recipe's id is its address (/recipe/<id>): a positive whole number, once per list.
    select exists (select 1 from jsonb_array_elements(p_doc) r
                    where coalesce(r ->> 'title', '') !~ '[^[:space:]]'
                       or jsonb_typeof(r -> 'id') is distinct from 'number' or (r ->> 'id') !~ '^[1-9][0-9]{0,8}$')
      into bad;
    if bad then return 'Every recipe needs a title and a whole-number id.'; end if;
    if (select count(distinct r ->> 'id') <> count(*) from jsonb_array_elements(p_doc) r) then
      return 'Two recipes have the same id.';
    end if;
  elsif p_key = 'gallery' then
    if exists (select 1 from jsonb_array_elements(p_doc) g where coalesce(g ->> 'alt', '') !~ '[^[:space:]]') then
      return 'Every photo needs its alt text.';
    end if;
  end if;
  return null;
end
$$;

-- ── Tables ────────────────────────────────────────────────────────────────────────────────────

-- Versions come from one sequence, so a document removed by a rollback (back to its default) and
-- saved again never repeats a version a stale tab still holds.
create sequence private.site_document_version;

create table public.site_documents (
  key text primary key,
  draft jsonb not null,
  version bigint not null,
  published jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  constraint site_documents_key_known check (key in ('brand', 'pricing', 'pages', 'testimonials', 'recipes', 'gallery', 'quotes')),
  constraint site_documents_draft_valid check (private.site_document_problem(key, draft) is null),
  constraint site_documents_published_valid check (published is null or private.site_document_problem(key, published) is null)
);

create table public.site_publications (
  id bigint generated always as identity primary key,
  published_at timestamptz not null default now(),
  published_by uuid references auth.users (id) on delete set null,
  -- Who, as the history shows it (the account's e-mail when it published).
  published_by_email text,
  -- [{"key": "pricing", "fields": ["packages"]}, {"key": "recipes", "fields": ["12"]}, …]: the
  -- documents that differ from the publication before, with their top-level fields or their items' ids.
  changes jsonb not null,
  -- The whole published content: {"brand": {…}, "pricing": {…}, …}; a key not present is its default.
  content jsonb not null,
  -- Set when this publication restored an earlier one.
  restored_from bigint references public.site_publications (id) on delete set null,
  -- Drafts that were not published when a rollback replaced them (kept, not lost).
  replaced_drafts jsonb,
  constraint site_publications_changes_array check (jsonb_typeof(changes) = 'array'),
  constraint site_publications_content_object check (jsonb_typeof(content) = 'object')
);

create index site_publications_newest_idx on public.site_publications (published_at desc, id desc);

-- Preview links: only the SHA-256 of the token is kept.
create table private.site_previews (
  token_hash bytea primary key,
  created_by uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- The add-on amounts the console offers when a quote is written, from the published price list.
-- Seeded with content/pricing.ts's priced add-ons (a server test checks they agree).
create table public.quote_add_ons (
  position integer primary key,
  title text not null,
  unit text not null,
  cents integer not null,
  constraint quote_add_ons_unit_known check (unit in ('per_person', 'per_hour', 'fixed')),
  constraint quote_add_ons_title_length check (title ~ '[^[:space:]]' and length(title) <= 300),
  constraint quote_add_ons_cents_range check (cents between 0 and 10000000)
);

insert into public.quote_add_ons (position, title, unit, cents) values
  (0, 'Wine Pairing', 'per_person', 3000),
  (1, 'Mixologist', 'per_hour', 5000);

-- What the database used before any publication (the quote settings and add-ons as they stand when
-- this migration runs): a rollback to a publication without a `quotes` or `pricing` document puts
-- these back.
create table private.site_baseline (
  key text primary key,
  value jsonb not null
);
insert into private.site_baseline (key, value)
select 'quote_settings', to_jsonb(s) - 'id' - 'updated_at' from public.quote_settings s;
insert into private.site_baseline (key, value)
select 'quote_add_ons', coalesce(jsonb_agg(to_jsonb(a) order by a.position), '[]'::jsonb) from public.quote_add_ons a;

-- ── Access ────────────────────────────────────────────────────────────────────────────────────

alter table public.site_documents enable row level security;
alter table public.site_publications enable row level security;
alter table public.quote_add_ons enable row level security;
alter table private.site_previews enable row level security;
alter table private.site_baseline enable row level security;

revoke all on table public.site_documents, public.site_publications, public.quote_add_ons from public, anon, authenticated;
grant select on table public.site_documents, public.site_publications, public.quote_add_ons to authenticated;
grant all on table public.site_documents, public.site_publications, public.quote_add_ons to service_role;
revoke all on table private.site_previews, private.site_baseline from public, anon, authenticated;
grant all on table private.site_previews, private.site_baseline to service_role;
revoke all on sequence private.site_document_version from public, anon, authenticated;
grant usage on sequence private.site_document_version to service_role;

create policy "The owner reads the site's drafts"
  on public.site_documents for select to authenticated using ((select private.is_owner()));
create policy "The owner reads the site's publications"
  on public.site_publications for select to authenticated using ((select private.is_owner()));
create policy "The owner reads the quote add-ons"
  on public.quote_add_ons for select to authenticated using ((select private.is_owner()));

-- ── Helpers ───────────────────────────────────────────────────────────────────────────────────

create function private.site_require_owner() returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_owner(), false) then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can edit the site.';
  end if;
end
$$;

-- Which documents (and which of their top-level fields) differ between two contents.
create function private.site_changes(p_before jsonb, p_after jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'key', k,
           'fields', case
             when jsonb_typeof(p_before -> k) = 'object' and jsonb_typeof(p_after -> k) = 'object' then (
               select coalesce(jsonb_agg(f order by f), '[]'::jsonb)
                 from (select jsonb_object_keys(p_before -> k) as f union select jsonb_object_keys(p_after -> k)) fs
                where (p_before -> k -> f) is distinct from (p_after -> k -> f))
             when jsonb_typeof(p_before -> k) = 'array' and jsonb_typeof(p_after -> k) = 'array' then (
               -- A list of items with ids: the ids added, removed or changed.
               select coalesce(jsonb_agg(i order by i), '[]'::jsonb)
                 from (select coalesce(b.item ->> 'id', a.item ->> 'id') as i
                         from (select e as item from jsonb_array_elements(p_before -> k) e) b
                         full join (select e as item from jsonb_array_elements(p_after -> k) e) a on (b.item ->> 'id') = (a.item ->> 'id')
                        where b.item is distinct from a.item) ids
                where i is not null)
             else null end
         ) order by k), '[]'::jsonb)
    from (select jsonb_object_keys(coalesce(p_before, '{}'::jsonb)) as k
          union select jsonb_object_keys(coalesce(p_after, '{}'::jsonb))) ks
   where (p_before -> k) is distinct from (p_after -> k)
$$;

-- The priced add-ons of a price list: [{title, unit, cents}, …] in their order.
create function private.site_priced_add_ons(p_pricing jsonb) returns table (ord integer, title text, unit text, cents integer)
language sql
immutable
set search_path = ''
as $$
  select (i.ord - 1)::integer, i.item ->> 'title', i.item -> 'amount' ->> 'unit', (i.item -> 'amount' ->> 'cents')::integer
    from jsonb_array_elements(
           case when jsonb_typeof(p_pricing -> 'addOns') = 'array' then p_pricing -> 'addOns' else '[]'::jsonb end
         ) with ordinality as i(item, ord)
   where jsonb_typeof(i.item -> 'amount') = 'object'
$$;

-- What the database uses from the content: the quote settings and the add-on amounts. A document
-- that is not in the content is its default: the values before the first publication.
create function private.site_apply(p_content jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  q jsonb := coalesce(p_content -> 'quotes', (select b.value from private.site_baseline b where b.key = 'quote_settings'));
begin
  if q is not null then
    update public.quote_settings s set
      currency = coalesce(q ->> 'currency', s.currency),
      tax_rate_bp = coalesce((q ->> 'taxRateBp')::integer, (q ->> 'tax_rate_bp')::integer, s.tax_rate_bp),
      deposit_percent = coalesce((q ->> 'depositPercent')::integer, (q ->> 'deposit_percent')::integer, s.deposit_percent),
      deposit_due_days = coalesce((q ->> 'depositDueDays')::integer, (q ->> 'deposit_due_days')::integer, s.deposit_due_days),
      balance_due_days_before = coalesce((q ->> 'balanceDueDaysBefore')::integer, (q ->> 'balance_due_days_before')::integer, s.balance_due_days_before),
      balance_reminder_days = coalesce((q ->> 'balanceReminderDays')::integer, (q ->> 'balance_reminder_days')::integer, s.balance_reminder_days),
      quote_valid_days = coalesce((q ->> 'quoteValidDays')::integer, (q ->> 'quote_valid_days')::integer, s.quote_valid_days),
      terms = coalesce(q ->> 'terms', s.terms)
     where s.id;
  end if;
  delete from public.quote_add_ons where true;
  if p_content ? 'pricing' then
    insert into public.quote_add_ons (position, title, unit, cents)
    select a.ord, a.title, a.unit, a.cents from private.site_priced_add_ons(p_content -> 'pricing') a;
  else
    insert into public.quote_add_ons (position, title, unit, cents)
    select (a ->> 'position')::integer, a ->> 'title', a ->> 'unit', (a ->> 'cents')::integer
      from jsonb_array_elements((select b.value from private.site_baseline b where b.key = 'quote_add_ons')) a;
  end if;
end
$$;

-- The live content: the newest publication's.
create function private.site_current_content() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select p.content from public.site_publications p order by p.published_at desc, p.id desc limit 1
$$;

-- ── What the owner calls ──────────────────────────────────────────────────────────────────────

-- Saves a draft if p_version is the version the caller read (0 for a document never saved). A stale
-- version is refused (HTTP 409, code PT409) and nothing is written; the error's details are JSON with
-- the saved draft, its version, when and by whom, so the console can show both versions.
create function public.save_site_draft(p_key text, p_draft jsonb, p_version bigint) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d public.site_documents;
  problem text;
  who text;
begin
  perform private.site_require_owner();
  if p_key is null or p_key not in ('brand', 'pricing', 'pages', 'testimonials', 'recipes', 'gallery', 'quotes') then
    raise exception using errcode = 'check_violation', message = 'This is not a document of the site.';
  end if;
  problem := private.site_document_problem(p_key, p_draft);
  if problem is not null then
    raise exception using errcode = 'check_violation', message = problem;
  end if;
  select * into d from public.site_documents where key = p_key for update;
  if coalesce(d.version, 0) <> coalesce(p_version, -1) then
    select u.email into who from auth.users u where u.id = d.updated_by;
    raise exception using
      errcode = 'PT409',
      message = 'This was changed elsewhere since you opened it. Nothing was saved.',
      detail = jsonb_build_object(
        'key', p_key,
        'version', coalesce(d.version, 0),
        'draft', d.draft,
        'updated_at', d.updated_at,
        'updated_by', who
      )::text,
      hint = 'Compare both versions, then save again from the newest.';
  end if;
  if d.key is null then
    insert into public.site_documents (key, draft, version, updated_by)
    values (p_key, p_draft, nextval('private.site_document_version'), (select auth.uid()))
    returning * into d;
  else
    update public.site_documents
       set draft = p_draft, version = nextval('private.site_document_version'), updated_at = now(), updated_by = (select auth.uid())
     where key = p_key
    returning * into d;
  end if;
  return jsonb_build_object('key', d.key, 'version', d.version, 'updated_at', d.updated_at);
end
$$;

-- Publishes every draft at once (one transaction: all documents or none). Refused when no draft
-- differs from what is live. Returns the new publication's id.
create function public.publish_site() returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  before jsonb;
  after jsonb;
  pub_id bigint;
begin
  perform private.site_require_owner();
  -- One publisher at a time; a save waits for the publish and the publish for the save.
  lock table public.site_documents in share row exclusive mode;
  before := coalesce(private.site_current_content(), '{}'::jsonb);
  select coalesce(jsonb_object_agg(d.key, d.draft), '{}'::jsonb) into after from public.site_documents d;
  if after = before then
    raise exception using errcode = 'check_violation', message = 'Nothing to publish: every draft is already live.';
  end if;
  update public.site_documents set published = draft where published is distinct from draft;
  insert into public.site_publications (published_by, published_by_email, changes, content)
  values ((select auth.uid()), (select u.email from auth.users u where u.id = (select auth.uid())), private.site_changes(before, after), after)
  returning id into pub_id;
  perform private.site_apply(after);
  perform pg_notify('site_published', pub_id::text);
  return pub_id;
end
$$;

-- Goes back to an earlier publication, as a new publication (so history only grows). The drafts
-- become the restored content too: a later Publish never brings back, by surprise, an edit that was
-- pending when the chef rolled back. Those pending drafts are kept in the new publication's
-- replaced_drafts (nothing is lost).
create function public.rollback_site(p_publication bigint) returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target public.site_publications;
  before jsonb;
  pending jsonb;
  pub_id bigint;
begin
  perform private.site_require_owner();
  lock table public.site_documents in share row exclusive mode;
  select * into target from public.site_publications where id = p_publication;
  if target.id is null then
    raise exception using errcode = 'check_violation', message = 'This publication does not exist.';
  end if;
  before := coalesce(private.site_current_content(), '{}'::jsonb);
  select jsonb_object_agg(d.key, d.draft) into pending
    from public.site_documents d where d.draft is distinct from d.published;
  delete from public.site_documents d where not (target.content ? d.key);
  insert into public.site_documents as d (key, draft, version, published, updated_by)
  select c.key, c.value, nextval('private.site_document_version'), c.value, (select auth.uid())
    from jsonb_each(target.content) c
  on conflict (key) do update
     set draft = excluded.draft, published = excluded.published, version = excluded.version,
         updated_at = now(), updated_by = excluded.updated_by
   where d.draft is distinct from excluded.draft or d.published is distinct from excluded.published;
  insert into public.site_publications (published_by, published_by_email, changes, content, restored_from, replaced_drafts)
  values ((select auth.uid()), (select u.email from auth.users u where u.id = (select auth.uid())),
          private.site_changes(before, target.content), target.content, target.id, pending)
  returning id into pub_id;
  perform private.site_apply(target.content);
  perform pg_notify('site_published', pub_id::text);
  return pub_id;
end
$$;

-- A private preview link's token (64 hex characters; only its SHA-256 is kept), valid for 24 hours.
create function public.create_site_preview() returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text;
  expires timestamptz := now() + interval '24 hours';
begin
  perform private.site_require_owner();
  delete from private.site_previews where expires_at < now();
  token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
  insert into private.site_previews (token_hash, created_by, expires_at)
  values (sha256(convert_to(token, 'UTF8')), (select auth.uid()), expires);
  return jsonb_build_object('token', token, 'expires_at', expires);
end
$$;

-- ── What the site reads ───────────────────────────────────────────────────────────────────────

-- The live content ({brand: …, pricing: …}, a missing key is its default), or null before the
-- first publication.
create function public.published_site() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.site_current_content()
$$;

-- The drafts over the published content, for a valid, unexpired preview token; an error otherwise.
create function public.site_preview(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  ok boolean;
begin
  select exists (
    select 1 from private.site_previews v
     where p_token ~ '^[0-9a-f]{64}$' and v.token_hash = sha256(convert_to(p_token, 'UTF8')) and v.expires_at > now()
  ) into ok;
  if not coalesce(ok, false) then
    raise exception using errcode = 'check_violation', message = 'This preview link is not valid or has expired.';
  end if;
  return coalesce(private.site_current_content(), '{}'::jsonb)
         || coalesce((select jsonb_object_agg(d.key, d.draft) from public.site_documents d), '{}'::jsonb);
end
$$;

-- ── Function grants ───────────────────────────────────────────────────────────────────────────

revoke all on function private.site_document_problem(text, jsonb) from public;
revoke all on function private.site_require_owner() from public;
revoke all on function private.site_changes(jsonb, jsonb) from public;
revoke all on function private.site_priced_add_ons(jsonb) from public;
revoke all on function private.site_apply(jsonb) from public;
revoke all on function private.site_current_content() from public;
revoke all on function public.save_site_draft(text, jsonb, bigint) from public;
revoke all on function public.publish_site() from public;
revoke all on function public.rollback_site(bigint) from public;
revoke all on function public.create_site_preview() from public;
revoke all on function public.published_site() from public;
revoke all on function public.site_preview(text) from public;
-- The table's check constraints call it as whoever writes (the owner's functions, the service role).
grant execute on function private.site_document_problem(text, jsonb) to authenticated, service_role;
grant execute on function public.save_site_draft(text, jsonb, bigint) to authenticated;
grant execute on function public.publish_site() to authenticated;
grant execute on function public.rollback_site(bigint) to authenticated;
grant execute on function public.create_site_preview() to authenticated;
grant execute on function public.published_site() to anon, authenticated, service_role;
grant execute on function public.site_preview(text) to anon, authenticated, service_role;
