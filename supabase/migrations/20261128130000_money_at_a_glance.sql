-- Money at a glance and the allergy where the chef looks (issue 37, docs/decisions/0054-money-at-a-glance.md).
--
-- - public.booking_money: per booking with an accepted quote, what is due, paid and outstanding, the
--   next due date and what it is for, one state for the bookings list's filters ('deposit_due',
--   'balance_due', 'overdue', 'paid'), and the client's stated allergies. Built on
--   public.booking_balances, so the amounts are the same integer cents as before.
-- - public.booking_rows: the bookings list's rows, each booking with its money and allergies, so one
--   request filters and pages them.
-- - public.money_overview(): the overview's three lists (received this month, due in the next 30
--   days, overdue), each a list of clients with their booking, in the business's day.
-- - The calendar feed's events carry the allergies; the chef gets a reminder the day before each
--   confirmed event with them (event 'event_tomorrow', queued by the outbox senders like the others).
--
-- The overview said "Expected this month $0.00" while $726.60 was outstanding: it counted only what
-- fell due within the calendar month (the balance was due on 2 January) and did not show what had
-- come in. Both are now lists computed here, not in the browser.

-- ── Per booking ───────────────────────────────────────────────────────────────────────────────

-- A booking's two amounts that fall due, each with its day: the deposit (what is still missing of
-- it) and the rest of the balance. Payments go to the deposit first.
create view public.booking_money with (security_invoker = true) as
  select v.booking_id, v.quote_id, b.name, b.booking_date, b.status as booking_status, v.currency,
         v.total_cents, v.paid_cents, v.outstanding_cents, v.deposit_outstanding_cents,
         (v.outstanding_cents - v.deposit_outstanding_cents) as balance_outstanding_cents,
         v.deposit_due_on, v.balance_due_on,
         case when v.deposit_outstanding_cents > 0 then v.deposit_due_on
              when v.outstanding_cents > 0 then v.balance_due_on end as next_due_on,
         case when v.deposit_outstanding_cents > 0 then 'deposit'
              when v.outstanding_cents > 0 then 'balance' end as next_due_kind,
         case when b.status not in ('confirmed', 'completed') then null
              when v.outstanding_cents = 0 then 'paid'
              when v.deposit_late or v.balance_late then 'overdue'
              when v.deposit_outstanding_cents > 0 then 'deposit_due'
              else 'balance_due' end as money_state,
         q.accepted_dietary as dietary
    from public.booking_balances v
    join public.quotes q on q.id = v.quote_id
    join public.bookings b on b.id = v.booking_id;

revoke all on table public.booking_money from public, anon, authenticated;
grant select on table public.booking_money to authenticated, service_role;

-- The bookings list: every booking, with its money when it has an accepted quote.
create view public.booking_rows with (security_invoker = true) as
  select b.*,
         m.currency, m.total_cents, m.paid_cents, m.outstanding_cents, m.next_due_on, m.next_due_kind,
         m.money_state, m.dietary
    from public.bookings b
    left join public.booking_money m on m.booking_id = b.id;

revoke all on table public.booking_rows from public, anon, authenticated;
grant select on table public.booking_rows to authenticated, service_role;

-- ── The overview ──────────────────────────────────────────────────────────────────────────────

-- Three lists, each {total_cents, clients: [...]}, everything outstanding, and the currency. "Due" and "overdue" count only
-- bookings that are confirmed or completed (a cancelled booking owes nothing here); "received" counts
-- every payment received this month in the business's calendar.
create function public.money_overview() returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  today date := private.business_today();
  month_start date := date_trunc('month', private.business_today())::date;
  parts jsonb;
  received jsonb;
begin
  -- The service role may not call private.is_owner(): asked first, and only when it is someone else.
  if coalesce((select auth.role()), '') <> 'service_role' then
    if not private.is_owner() then
      raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can read the money overview.';
    end if;
  end if;

  with due as (
    select m.booking_id, m.name, m.booking_date, x.kind, x.amount_cents, x.due_on
      from public.booking_money m
      cross join lateral (values ('deposit', m.deposit_outstanding_cents, m.deposit_due_on),
                                 ('balance', m.balance_outstanding_cents, m.balance_due_on)) as x (kind, amount_cents, due_on)
     where m.booking_status in ('confirmed', 'completed') and x.amount_cents > 0 and x.due_on is not null
  )
  select jsonb_build_object(
           'due_soon', (select jsonb_build_object(
                           'total_cents', coalesce(sum(d.amount_cents), 0),
                           'clients', coalesce(jsonb_agg(jsonb_build_object('booking_id', d.booking_id, 'name', d.name,
                                        'booking_date', d.booking_date, 'kind', d.kind, 'amount_cents', d.amount_cents,
                                        'due_on', d.due_on) order by d.due_on, d.name, d.kind), '[]'::jsonb))
                          from due d where d.due_on between today and today + 30),
           'overdue', (select jsonb_build_object(
                          'total_cents', coalesce(sum(d.amount_cents), 0),
                          'clients', coalesce(jsonb_agg(jsonb_build_object('booking_id', d.booking_id, 'name', d.name,
                                       'booking_date', d.booking_date, 'kind', d.kind, 'amount_cents', d.amount_cents,
                                       'due_on', d.due_on) order by d.due_on, d.name, d.kind), '[]'::jsonb))
                         from due d where d.due_on < today))
    into parts;

  select jsonb_build_object(
           'total_cents', coalesce(sum(r.amount_cents), 0),
           'clients', coalesce(jsonb_agg(jsonb_build_object('booking_id', r.booking_id, 'name', r.name,
                        'booking_date', r.booking_date, 'amount_cents', r.amount_cents, 'received_on', r.received_on)
                        order by r.received_on desc, r.name), '[]'::jsonb))
    into received
    from (
      select p.booking_id, b.name, b.booking_date, sum(p.amount_cents)::bigint as amount_cents, max(p.received_on) as received_on
        from public.payments p
        join public.bookings b on b.id = p.booking_id
       where p.received_on >= month_start and p.received_on < (month_start + interval '1 month')::date
       group by p.booking_id, b.name, b.booking_date
    ) r;

  return parts || jsonb_build_object(
    'received', received,
    -- Everything still to come from confirmed and completed bookings, whenever it is due.
    'outstanding_cents', (select coalesce(sum(m.outstanding_cents), 0) from public.booking_money m
                           where m.booking_status in ('confirmed', 'completed')),
    'today', today,
    'month_start', month_start,
    'currency', (select s.currency from public.quote_settings s where s.id)
  );
end
$$;

revoke all on function public.money_overview() from public, anon, authenticated, service_role;
grant execute on function public.money_overview() to authenticated, service_role;

-- ── The calendar feed: each event with the allergies ──────────────────────────────────────────

-- Replaces the function of 20261124120000_calendar.sql: the same events, each with the accepted
-- quote's stated allergies and dietary needs (null when no quote was accepted).
create or replace function private.calendar_feed(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' or not exists (
    select 1 from private.calendar_feed_keys k where k.token_hash = sha256(convert_to(p_token, 'UTF8'))
  ) then
    return null;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', b.id, 'name', b.name, 'phone', b.phone, 'email', b.email, 'guests', b.guests,
             'service_type', b.service_type, 'location', b.location, 'message', b.message,
             'booking_date', b.booking_date, 'booking_time', b.booking_time, 'updated_at', b.updated_at,
             'dietary', (select q.accepted_dietary from public.quotes q where q.booking_id = b.id and q.status = 'accepted')
           ) order by b.booking_date, b.booking_time)
      from public.bookings b
     where b.status = 'confirmed' and b.booking_date >= private.business_day(now()) - 366
  ), '[]'::jsonb);
end
$$;

revoke all on function private.calendar_feed(text) from public, anon, authenticated, service_role;

-- ── The chef's reminder the day before ────────────────────────────────────────────────────────

alter table public.outbox drop constraint outbox_event_known;
alter table public.outbox add constraint outbox_event_known check (
  event in (
    'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
    'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
    'recipe_reminder', 'contact_received', 'email_change',
    'quote_sent', 'quote_accepted', 'quote_changes_requested', 'quote_acceptance_refused',
    'payment_receipt', 'balance_reminder', 'deposit_late',
    'event_tomorrow'
  )
);

-- One message to the chef per confirmed booking whose event is tomorrow in the business's day: the
-- booking (with its phone and special requests), the allergies first, and what is still to pay. Its
-- key names the event's day, so a booking moved to another day is reminded again for that day.
-- Called by the outbox senders with the other reminders (server/src/mail/drain.ts); returns how many
-- were added.
create function private.chef_enqueue_day_before() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  tomorrow date := private.business_today() + 1;
  added integer;
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select private.outbox_key('event_tomorrow', b.id, 'owner', 1) || '.' || b.booking_date, 'event_tomorrow', 'owner', b.id,
         jsonb_build_object(
           'id', b.id, 'name', b.name, 'email', b.email, 'phone', b.phone, 'booking_date', b.booking_date,
           'booking_time', b.booking_time, 'guests', b.guests, 'service_type', b.service_type,
           'location', b.location, 'message', b.message,
           'dietary', m.dietary, 'currency', m.currency, 'outstanding_cents', m.outstanding_cents)
    from public.bookings b
    left join public.booking_money m on m.booking_id = b.id
   where b.status = 'confirmed' and b.booking_date = tomorrow
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  return added;
end
$$;

revoke all on function private.chef_enqueue_day_before() from public, anon, authenticated, service_role;
grant execute on function private.chef_enqueue_day_before() to service_role;
