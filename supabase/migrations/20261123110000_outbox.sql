-- E-mail through a durable outbox (docs/decisions/0011-mail-outbox.md). What must be sent is written
-- here by triggers in the same transaction as the row that causes it; a sender (the local server's
-- server/src/mail/, or the Edge Function supabase/functions/mail-outbox on hosted Supabase) drains it.
-- Only the service role writes it; the owner may read it (the console's Outbox view).

create schema if not exists private;

create table public.outbox (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- One per (event, recipient): a second insert for the same one is ignored, and the sender uses it
  -- as the Message-ID, so a message can be recognised wherever it went.
  idempotency_key text not null unique,
  event text not null,
  -- 'owner' (resolved by the sender from its OWNER_EMAIL setting: the chef's address is not kept in
  -- the database) or an address a visitor gave for themselves.
  recipient text not null,
  subject_id uuid,
  -- What the message says, as it was when the event happened.
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A sender that claims a row holds it until then; an expired claim means that sender died.
  claimed_by text,
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  sent_at timestamptz,

  constraint outbox_event_known check (
    event in (
      'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
      'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
      'recipe_reminder', 'contact_received'
    )
  ),
  constraint outbox_status_known check (status in ('pending', 'sending', 'sent', 'failed')),
  constraint outbox_recipient_format check (
    recipient = 'owner'
    or (length(recipient) <= 254 and recipient ~ '^[^@[:space:],;<>"]+@[^@[:space:],;<>"]+\.[^@[:space:],;<>"]+$')
  ),
  constraint outbox_idempotency_key_format check (idempotency_key ~ '^[a-z0-9._-]{1,200}$')
);

-- The sender's queue: what is due, oldest first.
create index outbox_due_idx on public.outbox (next_attempt_at) where status in ('pending', 'sending');
create index outbox_created_at_idx on public.outbox (created_at desc);
create index outbox_subject_idx on public.outbox (subject_id, event);

alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated;
grant select on table public.outbox to authenticated;
grant all on table public.outbox to service_role;

create policy "The owner can read the outbox"
  on public.outbox for select
  to authenticated
  using ((select private.is_owner()));

-- ── Safe links ─────────────────────────────────────────────────────────────────────────────────
-- A link in the chef's mail that changes something ("Confirm this booking") carries a random token;
-- only its SHA-256 is kept here. It is redeemed once, before it expires, by public.redeem_mail_action()
-- called with a POST from the page the link opens (a GET changes nothing).

create table private.mail_action_tokens (
  token_hash bytea primary key,
  action text not null,
  subject_id uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint mail_action_tokens_action_known check (action in ('confirm_booking'))
);

revoke all on table private.mail_action_tokens from public, anon, authenticated;

-- A new random token for an action: 256 bits from two random UUIDs' 244, hashed. Returns the token;
-- the table keeps its hash.
create function private.new_mail_action_token(p_action text, p_subject uuid, p_valid interval)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
begin
  insert into private.mail_action_tokens (token_hash, action, subject_id, expires_at)
  values (sha256(convert_to(token, 'UTF8')), p_action, p_subject, now() + p_valid);
  return token;
end
$$;

-- ── Author e-mail of community recipes ─────────────────────────────────────────────────────────
-- The form sends `author_email` only when the visitor asks to hear back. Approved recipes are public
-- (`select *`), so the address is not kept in that row: a trigger moves it here and leaves the column
-- empty.

alter table public.community_recipes
  add column author_email text,
  add constraint community_recipes_author_email_format check (
    author_email is null
    or (length(author_email) <= 254 and author_email ~ '^[^@[:space:],;<>"]+@[^@[:space:],;<>"]+\.[^@[:space:],;<>"]+$')
  );

grant insert (author_email) on table public.community_recipes to anon, authenticated;

create table private.community_recipe_authors (
  recipe_id uuid primary key references public.community_recipes (id) on delete cascade deferrable initially deferred,
  email text not null
);

revoke all on table private.community_recipe_authors from public, anon, authenticated;

create function private.community_recipes_keep_author_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.author_email is not null and new.author_email ~ '[^[:space:]]' then
    -- The column's own check runs after this trigger empties it: check the address here.
    if length(trim(new.author_email)) > 254
       or trim(new.author_email) !~ '^[^@[:space:],;<>"]+@[^@[:space:],;<>"]+\.[^@[:space:],;<>"]+$' then
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

create trigger community_recipes_keep_author_email
  before insert on public.community_recipes
  for each row execute function private.community_recipes_keep_author_email();

-- ── Writing to the outbox ──────────────────────────────────────────────────────────────────────

-- One message, unless one with the same key is already there. The key is event, subject, recipient
-- and how many times this event already happened to the subject (a booking can be declined, taken up
-- again and declined once more: two messages).
create function private.outbox_put(p_event text, p_subject uuid, p_recipient text, p_payload jsonb, p_kind text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  select count(*) into n from public.outbox o
   where o.subject_id = p_subject and o.event = p_event and o.recipient = p_recipient;
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  values (format('%s.%s.%s.%s', replace(p_event, '_', '-'), p_subject, p_kind, n + 1), p_event, p_recipient, p_subject, p_payload)
  on conflict (idempotency_key) do nothing;
end
$$;

create function private.booking_payload(b public.bookings) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id, 'created_at', b.created_at, 'name', b.name, 'email', b.email, 'phone', b.phone,
    'booking_date', b.booking_date, 'booking_time', b.booking_time, 'guests', b.guests,
    'service_type', b.service_type, 'location', b.location, 'message', b.message,
    'status', b.status, 'status_reason', b.status_reason
  )
$$;

create function private.bookings_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb := private.booking_payload(new);
  calendar_changes integer;
begin
  if tg_op = 'INSERT' then
    perform private.outbox_put('booking_received', new.id, 'owner',
      payload || jsonb_build_object('confirm_token', private.new_mail_action_token('confirm_booking', new.id, interval '7 days')),
      'owner');
    perform private.outbox_put('booking_acknowledged', new.id, new.email, payload, 'visitor');
    return null;
  end if;

  if new.status is not distinct from old.status then
    return null;
  end if;

  -- The calendar event's SEQUENCE: how many invitations and cancellations this booking already had.
  select count(*) into calendar_changes from public.outbox o
   where o.subject_id = new.id and o.payload ? 'calendar';

  if new.status = 'confirmed' then
    perform private.outbox_put('booking_confirmed', new.id, new.email,
      payload || jsonb_build_object('calendar', jsonb_build_object('method', 'REQUEST', 'sequence', calendar_changes)),
      'visitor');
  elsif new.status = 'declined' then
    perform private.outbox_put('booking_declined', new.id, new.email, payload, 'visitor');
  elsif new.status = 'cancelled' then
    perform private.outbox_put('booking_cancelled', new.id, new.email,
      case when old.status = 'confirmed'
        then payload || jsonb_build_object('calendar', jsonb_build_object('method', 'CANCEL', 'sequence', calendar_changes))
        else payload
      end,
      'visitor');
  end if;
  return null;
end
$$;

create trigger bookings_outbox
  after insert or update of status on public.bookings
  for each row execute function private.bookings_outbox();

create function private.community_recipes_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb := jsonb_build_object(
    'id', new.id, 'created_at', new.created_at, 'title', new.title, 'description', new.description,
    'ingredients', new.ingredients, 'instructions', new.instructions,
    'submitted_by', new.submitted_by, 'image_url', new.image_url
  );
  author text;
begin
  if tg_op = 'INSERT' then
    select a.email into author from private.community_recipe_authors a where a.recipe_id = new.id;
    perform private.outbox_put('recipe_received', new.id, 'owner',
      payload || jsonb_build_object('author_wants_reply', author is not null), 'owner');
  elsif new.status = 'approved' and old.status = 'pending' then
    select a.email into author from private.community_recipe_authors a where a.recipe_id = new.id;
    if author is not null then
      perform private.outbox_put('recipe_approved', new.id, author, payload, 'author');
    end if;
  end if;
  return null;
end
$$;

create trigger community_recipes_outbox
  after insert or update of status on public.community_recipes
  for each row execute function private.community_recipes_outbox();

create function private.contact_messages_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.outbox_put('contact_received', new.id, 'owner',
    jsonb_build_object('id', new.id, 'created_at', new.created_at, 'name', new.name, 'email', new.email,
                       'subject', new.subject, 'message', new.message),
    'owner');
  return null;
end
$$;

create trigger contact_messages_outbox
  after insert on public.contact_messages
  for each row execute function private.contact_messages_outbox();

-- ── The sender's side (called by the local server and the Edge Function, never over the API) ────

-- One reminder to the chef for each booking request still new, and each recipe still pending,
-- `p_after` after it arrived. Returns how many were added.
create function private.outbox_enqueue_reminders(p_after interval) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  added integer;
  more integer;
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select format('booking-reminder.%s.owner.1', b.id), 'booking_reminder', 'owner', b.id,
         private.booking_payload(b)
    from public.bookings b
   where b.status = 'new' and b.created_at <= now() - p_after
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select format('recipe-reminder.%s.owner.1', r.id), 'recipe_reminder', 'owner', r.id,
         jsonb_build_object('id', r.id, 'created_at', r.created_at, 'title', r.title,
                            'description', r.description, 'submitted_by', r.submitted_by)
    from public.community_recipes r
   where r.status = 'pending' and r.created_at <= now() - p_after
  on conflict (idempotency_key) do nothing;
  get diagnostics more = row_count;
  return added + more;
end
$$;

-- Takes the oldest message that is due (or whose sender's claim expired: that sender died, perhaps
-- mid-send), counts the attempt and holds it for `p_lease_seconds`. Two senders never get the same
-- row (skip locked). Returns no row when nothing is due.
create function private.outbox_claim(p_worker text, p_lease_seconds integer) returns setof public.outbox
language sql
security definer
set search_path = ''
as $$
  update public.outbox o
     set status = 'sending',
         claimed_by = p_worker,
         locked_until = clock_timestamp() + make_interval(secs => p_lease_seconds),
         attempts = o.attempts + 1,
         last_attempt_at = clock_timestamp()
   where o.id = (
     select d.id from public.outbox d
      where (d.status = 'pending' and d.next_attempt_at <= clock_timestamp())
         or (d.status = 'sending' and d.locked_until < clock_timestamp())
      order by d.next_attempt_at, d.created_at
      limit 1
      for update skip locked
   )
  returning o.*
$$;

-- The SMTP server accepted the message: sent, once. False when this sender no longer holds the row.
create function private.outbox_mark_sent(p_id uuid, p_worker text) returns boolean
language sql
security definer
set search_path = ''
as $$
  with done as (
    update public.outbox
       set status = 'sent', sent_at = clock_timestamp(), locked_until = null, last_error = null
     where id = p_id and claimed_by = p_worker and status = 'sending'
    returning 1
  )
  select exists (select 1 from done)
$$;

-- Not sent: try again in `p_retry_seconds`, or never (`p_permanent`: the address was refused).
create function private.outbox_mark_failed(
  p_id uuid, p_worker text, p_error text, p_retry_seconds double precision, p_permanent boolean
) returns boolean
language sql
security definer
set search_path = ''
as $$
  with done as (
    update public.outbox
       set status = case when p_permanent then 'failed' else 'pending' end,
           next_attempt_at = clock_timestamp() + make_interval(secs => p_retry_seconds),
           locked_until = null,
           last_error = left(p_error, 1000)
     where id = p_id and claimed_by = p_worker and status = 'sending'
    returning 1
  )
  select exists (select 1 from done)
$$;

revoke all on function private.new_mail_action_token(text, uuid, interval) from public;
revoke all on function private.outbox_put(text, uuid, text, jsonb, text) from public;
revoke all on function private.booking_payload(public.bookings) from public;
revoke all on function private.bookings_outbox() from public;
revoke all on function private.community_recipes_outbox() from public;
revoke all on function private.community_recipes_keep_author_email() from public;
revoke all on function private.contact_messages_outbox() from public;
revoke all on function private.outbox_enqueue_reminders(interval) from public;
revoke all on function private.outbox_claim(text, integer) from public;
revoke all on function private.outbox_mark_sent(uuid, text) from public;
revoke all on function private.outbox_mark_failed(uuid, text, text, double precision, boolean) from public;
