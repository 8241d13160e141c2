-- One outbox key (issue 23, docs/decisions/0026-one-source-per-contract.md).
--
-- A message's idempotency key — event, subject, recipient kind and how many times the event already
-- happened to that subject and recipient — was written out in four places: private.outbox_put, the
-- insert branch of private.bookings_outbox (20261124090000_booking_outbox_one_statement.sql, which
-- inlined it for speed), and the reminders of private.outbox_enqueue_reminders and
-- private.payments_enqueue_reminders. A change to one would have let the same message go twice.
-- Now private.outbox_key says how a key is written and private.outbox_next_key which one is next;
-- every writer calls them. The keys are the same as before, character for character.
--
-- Both are plain SQL functions with no SET clause and schema-qualified names, so PostgreSQL inlines
-- them into the caller's statement (outbox_key as an expression, outbox_next_key as a subquery in
-- FROM; EXPLAIN VERBOSE shows neither as a call): the booking insert keeps the one-statement cost that
-- docs/decisions/0014-booking-insert-throughput.md measured (a security-definer function or one
-- with its own search_path is a separate call with a setting saved and restored). Only the owner of
-- the functions (and the security-definer writers) may call them.

create function private.outbox_key(p_event text, p_subject uuid, p_kind text, p_nth bigint) returns text
language sql
stable
parallel safe
as $$
  select pg_catalog.format('%s.%s.%s.%s', pg_catalog.replace(p_event, '_', '-'), p_subject, p_kind, p_nth)
$$;

-- The next key for this event, subject and recipient: one more than the messages already there. A
-- one-row table function, used in FROM: PostgreSQL inlines such a function with its subquery (a
-- scalar SQL function with a subquery it would call instead).
create function private.outbox_next_key(p_event text, p_subject uuid, p_recipient text, p_kind text)
returns table (key text)
language sql
stable
rows 1
as $$
  select private.outbox_key(p_event, p_subject, p_kind, 1 + pg_catalog.count(*))
    from public.outbox o
   where o.subject_id = p_subject and o.event = p_event and o.recipient = p_recipient
$$;

revoke all on function private.outbox_key(text, uuid, text, bigint) from public, anon, authenticated, service_role;
revoke all on function private.outbox_next_key(text, uuid, text, text) from public, anon, authenticated, service_role;

-- Replaces the function of 20261123110000_outbox.sql: the key from private.outbox_next_key.
create or replace function private.outbox_put(p_event text, p_subject uuid, p_recipient text, p_payload jsonb, p_kind text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select k.key, p_event, p_recipient, p_subject, p_payload
    from private.outbox_next_key(p_event, p_subject, p_recipient, p_kind) k
  on conflict (idempotency_key) do nothing;
end
$$;

-- Replaces the function of 20261124090000_booking_outbox_one_statement.sql: the same, with the
-- insert branch's keys from private.outbox_next_key instead of its own copy of the format.
create or replace function private.bookings_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb := jsonb_build_object(
    'id', new.id, 'created_at', new.created_at, 'name', new.name, 'email', new.email, 'phone', new.phone,
    'booking_date', new.booking_date, 'booking_time', new.booking_time, 'guests', new.guests,
    'service_type', new.service_type, 'location', new.location, 'message', new.message,
    'status', new.status, 'status_reason', new.status_reason
  );
  token text;
  calendar_changes integer;
begin
  if tg_op = 'INSERT' then
    -- As private.new_mail_action_token: 256 bits from two random UUIDs' 244, hashed; the table
    -- keeps the token's hash, the chef's message the token.
    token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
    insert into private.mail_action_tokens (token_hash, action, subject_id, expires_at)
    values (sha256(convert_to(token, 'UTF8')), 'confirm_booking', new.id, now() + interval '7 days');

    insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
    select k.key, m.event, m.recipient, new.id, m.payload
      from (values
        ('booking_received', 'owner', 'owner', payload || jsonb_build_object('confirm_token', token)),
        ('booking_acknowledged', new.email, 'visitor', payload)
      ) as m (event, recipient, kind, payload)
      cross join lateral private.outbox_next_key(m.event, new.id, m.recipient, m.kind) k
    on conflict (idempotency_key) do nothing;
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

-- Replaces the function of 20261123110000_outbox.sql: a reminder is the first (and only) message of
-- its event, its key from private.outbox_key.
create or replace function private.outbox_enqueue_reminders(p_after interval) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  added integer;
  more integer;
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select private.outbox_key('booking_reminder', b.id, 'owner', 1), 'booking_reminder', 'owner', b.id,
         private.booking_payload(b)
    from public.bookings b
   where b.status = 'new' and b.created_at <= now() - p_after
     and not exists (select 1 from public.outbox o where o.idempotency_key = private.outbox_key('booking_reminder', b.id, 'owner', 1))
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select private.outbox_key('recipe_reminder', r.id, 'owner', 1), 'recipe_reminder', 'owner', r.id,
         jsonb_build_object('id', r.id, 'created_at', r.created_at, 'title', r.title,
                            'description', r.description, 'submitted_by', r.submitted_by)
    from public.community_recipes r
   where r.status = 'pending' and r.created_at <= now() - p_after
     and not exists (select 1 from public.outbox o where o.idempotency_key = private.outbox_key('recipe_reminder', r.id, 'owner', 1))
  on conflict (idempotency_key) do nothing;
  get diagnostics more = row_count;
  return added + more;
end
$$;

-- Replaces the function of 20261124130000_quotes_and_payments.sql: the same reminders, their keys
-- from private.outbox_key.
create or replace function private.payments_enqueue_reminders() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.business_today();
  days integer := (select s.balance_reminder_days from public.quote_settings s where s.id);
  added integer;
  more integer;
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select private.outbox_key('balance_reminder', v.quote_id, 'visitor', 1), 'balance_reminder', b.email, v.quote_id,
         private.quote_payload(q) || jsonb_build_object('paid_cents', v.paid_cents, 'outstanding_cents', v.outstanding_cents)
    from public.booking_balances v
    join public.quotes q on q.id = v.quote_id
    join public.bookings b on b.id = v.booking_id
   where b.status = 'confirmed' and v.outstanding_cents > 0
     and v.balance_due_on between today and today + days
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select private.outbox_key('deposit_late', v.quote_id, 'owner', 1), 'deposit_late', 'owner', v.quote_id,
         private.quote_payload(q) || jsonb_build_object('paid_cents', v.paid_cents,
                                                        'deposit_outstanding_cents', v.deposit_outstanding_cents)
    from public.booking_balances v
    join public.quotes q on q.id = v.quote_id
    join public.bookings b on b.id = v.booking_id
   where b.status = 'confirmed' and v.deposit_late
  on conflict (idempotency_key) do nothing;
  get diagnostics more = row_count;
  return added + more;
end
$$;
