-- What an attacker found the site would do for them (issue 18), refused in the database so it holds
-- on hosted Supabase as well as on the local server:
--   • mail to visitors aimed at strangers: at most 3 messages a day to one address, whoever sends
--     the requests and from wherever, and nothing in them the visitor typed beyond their name;
--   • one e-mail address rule for bookings, messages, subscribers, recipe authors and the outbox (the
--     sender checks the same one: web/app/lib/email-address.ts);
--   • a recipe's image_url naming any file on any host, which the console then deleted;
--   • a failed confirm link staying valid; the newsletter telling which addresses subscribed;
--   • the demo data of a fresh local database mailing the chef.

-- ── One address rule ───────────────────────────────────────────────────────────────────────────
-- The rule of the site's forms (zod's e-mail check): ASCII letters, digits and _ ' + - in the local
-- part, dots between them; a domain of letters, digits and hyphens with a top-level name of letters.
-- Nothing a mail header or a mailto: link reads specially (`? & = % ( ) \ " , ;` and spaces), so an
-- address the table keeps is one the sender can send to. The pattern is the same text as
-- EMAIL_ADDRESS_PATTERN in web/app/lib/email-address.ts; server/test/email-address.test.ts runs the
-- same cases through both and checks the two patterns are equal.
create function private.is_email_address(address text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select address is not null
     and length(address) <= 254
     and address ~ '^([A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z][A-Za-z]+$'
$$;

revoke all on function private.is_email_address(text) from public;
grant execute on function private.is_email_address(text) to anon, authenticated, service_role;

-- New and changed rows follow the rule; rows already kept are not re-checked (`not valid`).
alter table public.bookings
  drop constraint bookings_email_format,
  add constraint bookings_email_format check (private.is_email_address(email)) not valid;
alter table public.contact_messages
  drop constraint contact_messages_email_format,
  add constraint contact_messages_email_format check (private.is_email_address(email)) not valid;
alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_email_format,
  add constraint newsletter_subscribers_email_format check (private.is_email_address(email)) not valid;
alter table public.community_recipes
  drop constraint community_recipes_author_email_format,
  add constraint community_recipes_author_email_format
    check (author_email is null or private.is_email_address(author_email)) not valid;
alter table public.outbox
  drop constraint outbox_recipient_format,
  add constraint outbox_recipient_format check (recipient = 'owner' or private.is_email_address(recipient)) not valid;

-- Replaces the function of 20261123110000_outbox.sql: the author's address by the same rule.
create or replace function private.community_recipes_keep_author_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.author_email is not null and new.author_email ~ '[^[:space:]]' then
    -- The column's own check runs after this trigger empties it: check the address here.
    if not private.is_email_address(trim(new.author_email)) then
      raise exception using
        errcode = 'check_violation',
        message = 'new row for relation "community_recipes" violates check constraint "community_recipes_author_email_format"',
        hint = 'author_email must be one e-mail address.';
    end if;
    insert into private.community_recipe_authors (recipe_id, email) values (new.id, trim(new.author_email));
  end if;
  new.author_email := null;
  return new;
end
$$;

-- ── Mail to visitors ───────────────────────────────────────────────────────────────────────────
-- Rows the seed made (supabase/seed.sql lists them here): nothing about them is ever mailed.
create table private.demo_subjects (
  subject_id uuid primary key
);
revoke all on table private.demo_subjects from public, anon, authenticated;

-- How many messages one visitor address may get in 24 hours, whatever they are and whoever caused
-- them. A message over the limit is kept, marked failed without an attempt and with the reason, so
-- the chef sees in the console's Outbox what was not sent.
create function private.visitor_mail_per_day() returns integer
language sql
immutable
set search_path = ''
as $$ select 3 $$;

revoke all on function private.visitor_mail_per_day() from public;

create index outbox_visitor_recipient_idx on public.outbox (lower(recipient), created_at)
  where recipient <> 'owner';

-- Before every outbox row: demo subjects send nothing; a visitor's message keeps only booking facts
-- (date, time, guests, service, their name, the chef's reason) and counts against the daily limit.
-- The recipient is checked here so that a bad one is refused with the rule's message, never with
-- the outbox row (and its confirm token) in the error's details.
create function private.outbox_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  if new.subject_id is not null and exists (select 1 from private.demo_subjects d where d.subject_id = new.subject_id) then
    return null;
  end if;
  if new.recipient = 'owner' then
    return new;
  end if;
  if not private.is_email_address(new.recipient) then
    raise exception using
      errcode = 'check_violation',
      message = 'email must be one e-mail address',
      hint = 'Letters, digits and . _ '' + - before the @, a domain after it.';
  end if;

  if new.event like 'booking\_%' then
    -- What the visitor typed stays out of mail to them: the message and the phone always, the
    -- location unless the chef confirmed the booking (its calendar invitation and cancellation).
    new.payload := new.payload - 'message' - 'phone';
    if not new.payload ? 'calendar' then
      new.payload := new.payload - 'location';
    end if;
  elsif new.event = 'recipe_approved' then
    new.payload := jsonb_build_object(
      'id', new.payload -> 'id', 'created_at', new.payload -> 'created_at',
      'title', new.payload -> 'title', 'submitted_by', new.payload -> 'submitted_by');
  end if;

  -- One address at a time, so two requests at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('outbox-visitor:' || lower(new.recipient), 0));
  select count(*) into recent from public.outbox o
   where o.recipient <> 'owner'
     and lower(o.recipient) = lower(new.recipient)
     and o.created_at > now() - interval '24 hours'
     and not (o.status = 'failed' and o.attempts = 0);
  if recent >= private.visitor_mail_per_day() then
    new.status := 'failed';
    new.last_error := format(
      'Not sent: %s messages already went to this address in the last 24 hours (the limit on mail to visitors).',
      recent);
  end if;
  return new;
end
$$;

revoke all on function private.outbox_guard() from public;

create trigger outbox_guard
  before insert on public.outbox
  for each row execute function private.outbox_guard();

-- ── Photos of community recipes ────────────────────────────────────────────────────────────────
-- An image_url must be the public address of a photo in this site's bucket that exists: the path
-- Supabase Storage gives (…/storage/v1/object/public/community_recipes/<name>) and a stored object
-- of that name. The database does not know the site's host; the console and the site also compare
-- it with their own (web/app/features/community/community-api.ts, ownPhotoUrl).
create function private.recipe_photo_name(image_url text) returns text
language sql
immutable
set search_path = ''
as $$
  select substring(image_url from '^https?://[^/?#@[:space:]]+/storage/v1/object/public/community_recipes/([A-Za-z0-9_.!*''()/-]+)$')
$$;

create function private.community_recipes_check_image_url() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  photo text;
begin
  if new.image_url is null or (tg_op = 'UPDATE' and new.image_url is not distinct from old.image_url) then
    return new;
  end if;
  photo := private.recipe_photo_name(new.image_url);
  if photo is null or photo ~ '(^|/)\.\.?(/|$)'
     or not exists (select 1 from storage.objects o where o.bucket_id = 'community_recipes' and o.name = photo) then
    raise exception using
      errcode = 'check_violation',
      message = 'image_url must be a photo uploaded to this site''s community_recipes bucket',
      hint = 'Upload the photo first and send its public URL.';
  end if;
  return new;
end
$$;

revoke all on function private.recipe_photo_name(text) from public;
revoke all on function private.community_recipes_check_image_url() from public;

create trigger community_recipes_check_image_url
  before insert or update of image_url on public.community_recipes
  for each row execute function private.community_recipes_check_image_url();

-- Whether a photo may be deleted: no recipe still waiting or public uses it, and at most one recipe
-- (the one being withdrawn) points at it. A photo another row still uses is never deleted.
create function private.recipe_photo_deletable(photo text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with users as (
    select r.status from public.community_recipes r
     where r.image_url is not null
       and right(r.image_url, length('/community_recipes/' || photo)) = '/community_recipes/' || photo
  )
  select (select count(*) from users) <= 1
     and not exists (select 1 from users where status in ('pending', 'approved'))
$$;

revoke all on function private.recipe_photo_deletable(text) from public;
grant execute on function private.recipe_photo_deletable(text) to authenticated;

-- Replaces the policy of 20261123100200_community_recipes_moderation.sql.
drop policy "The owner can delete recipe photos" on storage.objects;
create policy "The owner can delete recipe photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'community_recipes' and (select private.is_owner()) and private.recipe_photo_deletable(name));

-- ── A confirm link is spent by any redeem ──────────────────────────────────────────────────────
-- Replaces the function of 20261123140000_booking_history_via.sql. Once a valid link is pressed it
-- is used, whatever happens next: a refusal is now an answer ({done: false, message}) rather than an
-- error, which would have rolled back the marking. A declined booking the chef later re-opens can
-- no longer be confirmed by an old link.
create or replace function public.redeem_mail_action(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t private.mail_action_tokens;
  b public.bookings;
begin
  if token !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  select * into t from private.mail_action_tokens
   where token_hash = sha256(convert_to(token, 'UTF8'))
   for update;
  if t.token_hash is null then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  if t.used_at is not null then
    raise exception using errcode = 'check_violation', message = 'This link was already used.';
  end if;
  if t.expires_at < now() then
    raise exception using errcode = 'check_violation', message = 'This link has expired. Open the booking in the console instead.';
  end if;
  update private.mail_action_tokens set used_at = now() where token_hash = t.token_hash;

  select * into b from public.bookings where id = t.subject_id for update;
  if b.id is null then
    return jsonb_build_object('done', false, 'message', 'This booking request no longer exists.');
  end if;
  if t.action = 'confirm_booking' then
    if b.status = 'confirmed' then
      return jsonb_build_object('done', true, 'status', b.status);
    end if;
    if b.status not in ('new', 'contacted') then
      return jsonb_build_object('done', false, 'status', b.status,
        'message', format('This booking is %s and cannot be confirmed from the e-mail. Open it in the console.', b.status));
    end if;
    -- The history says where the change came from (private.bookings_record_status reads this
    -- setting); local to this transaction, and cleared again at once.
    perform set_config('app.booking_change_via', 'email_link', true);
    update public.bookings set status = 'confirmed' where id = b.id;
    perform set_config('app.booking_change_via', '', true);
    return jsonb_build_object('done', true, 'status', 'confirmed');
  end if;
  return jsonb_build_object('done', false, 'message', 'This link does nothing any more.');
end
$$;

-- ── The newsletter answers the same for every address ──────────────────────────────────────────
-- Signing up an address already on the list changes nothing and answers as a new one does (before,
-- the unique index answered 409: anyone could learn who subscribed).
create function private.newsletter_subscribers_once() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('newsletter:' || lower(new.email), 0));
  if exists (select 1 from public.newsletter_subscribers s where lower(s.email) = lower(new.email)) then
    return null;
  end if;
  return new;
end
$$;

revoke all on function private.newsletter_subscribers_once() from public;

create trigger newsletter_subscribers_once
  before insert on public.newsletter_subscribers
  for each row execute function private.newsletter_subscribers_once();

-- ── The owner's power ends with the session ────────────────────────────────────────────────────
-- Replaces the function of 20261123100000_owner_role.sql. An access token stays valid until it
-- expires (an hour), also after its session was signed out: `npm run owner -- add` on an account
-- someone else signed up ends every session of it (server/src/owners.ts), and a token of an ended
-- session must not carry the owner's rights for the rest of its hour. Tokens the API's keys are
-- (anon, service role) carry no session and no user.
create or replace function private.is_owner() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
     where r.user_id = (select auth.uid()) and r.role = 'owner'
  )
  and (
    coalesce((select auth.jwt()) ->> 'session_id', '') = ''
    or exists (
      select 1 from auth.sessions s
       where s.id = case when (select auth.jwt()) ->> 'session_id' ~ '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$'
                         then ((select auth.jwt()) ->> 'session_id')::uuid end
         and s.user_id = (select auth.uid())
    )
  )
$$;

-- ── A member's new e-mail address is confirmed from that mailbox ────────────────────────────────
-- With mail configured, the local server's PUT /auth/v1/user keeps a new address pending and
-- queues this message to it (server/src/auth/routes.ts); it counts against the daily limit like
-- every visitor-addressed message. (Hosted Supabase: GoTrue's own secure e-mail change.)
alter table public.outbox
  drop constraint outbox_event_known,
  add constraint outbox_event_known check (
    event in (
      'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
      'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
      'recipe_reminder', 'contact_received', 'email_change'
    )
  );
