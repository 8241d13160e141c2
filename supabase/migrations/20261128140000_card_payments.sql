-- Card payments through Stripe Checkout, when Stripe's keys are configured (issue 37,
-- docs/decisions/0055-card-payments-through-stripe-checkout.md).
--
-- - private.card_payment_due(token): what the client's quote link may pay by card now, from the
--   database's own amounts (public.booking_balances): the deposit still outstanding, else the rest
--   of the total. The server and the Edge Function ask it before they create a Checkout Session;
--   the page never says an amount.
-- - public.stripe_events: each Stripe event applied, by its id. private.stripe_apply_event(event)
--   inserts the event's row and the payment it records in one transaction, so an event delivered
--   twice (Stripe retries for days) records nothing the second time; events may come in any order.
-- - public.payments learns the kind 'refund' (a negative amount): a refund made in Stripe's
--   dashboard lowers what was paid. A refund sends no payment receipt.

-- ── Refunds are payments of their own kind ────────────────────────────────────────────────────

alter table public.payments drop constraint payments_kind_known;
alter table public.payments
  add constraint payments_kind_known check (kind in ('deposit', 'balance', 'other', 'refund'));
alter table public.payments drop constraint payments_amount_range;
alter table public.payments
  add constraint payments_amount_range check (
    case when kind = 'refund' then amount_cents between -100000000 and -1
         else amount_cents between 1 and 100000000 end
  );

-- A receipt is for money received (private.payments_outbox, 20261124130000_quotes_and_payments.sql).
drop trigger payments_outbox on public.payments;
create trigger payments_outbox
  after insert on public.payments
  for each row when (new.kind <> 'refund') execute function private.payments_outbox();

-- One row per payment Stripe made: a checkout session's payment intent, a charge's refunds.
create unique index payments_stripe_payment_idx on public.payments (provider_reference)
  where method = 'card' and kind <> 'refund' and provider_reference like 'pi\_%';

-- ── What a quote link may pay by card ─────────────────────────────────────────────────────────

-- The deposit while any of it is outstanding, then the balance: the amount is the database's.
-- Raises check_violation with the client's message when the link pays nothing.
create function private.card_payment_due(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t private.quote_tokens := private.quote_token_row(p_token);
  q public.quotes;
  b public.bookings;
  v public.booking_balances;
begin
  if t.token_hash is null then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  select * into q from public.quotes where id = t.quote_id;
  if q.status <> 'accepted' then
    raise exception using errcode = 'check_violation', message = 'This quote has not been accepted, so nothing is due yet.';
  end if;
  select * into b from public.bookings where id = q.booking_id;
  if b.status <> 'confirmed' then
    raise exception using errcode = 'check_violation',
      message = format('This booking is %s: please contact the chef before paying.', b.status);
  end if;
  select * into v from public.booking_balances where quote_id = q.id;
  if v.outstanding_cents <= 0 then
    raise exception using errcode = 'check_violation', message = 'Nothing is due on this booking. Thank you!';
  end if;
  return jsonb_build_object(
    'booking_id', b.id, 'quote_id', q.id, 'currency', q.currency, 'email', b.email,
    'booking_date', b.booking_date, 'service_type', b.service_type,
    'kind', case when v.deposit_outstanding_cents > 0 then 'deposit' else 'balance' end,
    'amount_cents', case when v.deposit_outstanding_cents > 0 then v.deposit_outstanding_cents else v.outstanding_cents end,
    'due_on', case when v.deposit_outstanding_cents > 0 then q.deposit_due_on else q.balance_due_on end
  );
end
$$;

-- ── Stripe's events, each applied once ────────────────────────────────────────────────────────

create table public.stripe_events (
  -- Stripe's event id (evt_…): the key that makes a second delivery a no-op.
  id text primary key,
  type text not null,
  -- When Stripe made the event.
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  -- recorded: a payment or refund row was written; waiting: a refund whose payment is not known
  -- yet (applied when its checkout session arrives); ignored: nothing for us in it (reason says why).
  outcome text not null,
  reason text,
  payment_id uuid references public.payments (id) on delete set null,
  -- The payment intent a waiting refund belongs to, and the event as it came (kept only while waiting).
  payment_intent text,
  payload jsonb,
  constraint stripe_events_id_format check (id ~ '^evt_[A-Za-z0-9_]{1,200}$'),
  constraint stripe_events_type_format check (type ~ '^[a-z_.]{1,100}$'),
  constraint stripe_events_outcome_known check (outcome in ('recorded', 'waiting', 'ignored')),
  constraint stripe_events_reason_length check (reason is null or length(reason) <= 300),
  constraint stripe_events_waiting check ((outcome = 'waiting') = (payload is not null and payment_intent is not null)),
  constraint stripe_events_payload_size check (payload is null or pg_column_size(payload) <= 65536)
);

create index stripe_events_waiting_idx on public.stripe_events (payment_intent) where outcome = 'waiting';

alter table public.stripe_events enable row level security;
revoke all on table public.stripe_events from public, anon, authenticated;
grant select on table public.stripe_events to authenticated;
grant all on table public.stripe_events to service_role;

create policy "The owner can read the Stripe events" on public.stripe_events
  for select to authenticated using ((select private.is_owner()));

-- A charge's refunds: Stripe's amount_refunded is the charge's running total, so whichever
-- charge.refunded event comes first, a later one adds only the difference and an older one nothing.
create function private.stripe_apply_refund(p_charge jsonb, p_booking uuid, p_day date) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  charge_id text := p_charge->>'id';
  refunded bigint := (p_charge->>'amount_refunded')::bigint;
  already bigint;
  v_id uuid;
begin
  -- Two refunds of one charge applied at once would both see the same total.
  perform pg_advisory_xact_lock(hashtextextended('stripe-refund:' || charge_id, 0));
  select coalesce(-sum(p.amount_cents), 0) into already
    from public.payments p where p.kind = 'refund' and p.method = 'card' and p.provider_reference = charge_id;
  if refunded <= already then
    return null;
  end if;
  insert into public.payments (booking_id, kind, amount_cents, received_on, method, note, provider_reference)
  values (p_booking, 'refund', -(refunded - already), p_day, 'card', 'Refunded in Stripe', charge_id)
  returning payments.id into v_id;
  return v_id;
end
$$;

-- Applies one verified Stripe event (the server and the Edge Function check its signature first):
-- returns {duplicate} for an event already applied, else {outcome, reason, payment_id}. Only what
-- Checkout and refunds send is used; amounts are what Stripe charged or refunded, in the smallest
-- unit of the quote's currency.
create function private.stripe_apply_event(p_event jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  event_id text := p_event->>'id';
  event_type text := p_event->>'type';
  obj jsonb := p_event->'data'->'object';
  meta jsonb := coalesce(p_event->'data'->'object'->'metadata', '{}'::jsonb);
  created timestamptz;
  day date;
  q public.quotes;
  pi text;
  v_outcome text := 'ignored';
  why text;
  pid uuid;
  booking uuid;
  waiting record;
begin
  if event_id is null or event_id !~ '^evt_[A-Za-z0-9_]{1,200}$' or event_type is null or event_type !~ '^[a-z_.]{1,100}$'
     or jsonb_typeof(obj) is distinct from 'object' or jsonb_typeof(p_event->'created') is distinct from 'number'
     or (p_event->>'created')::numeric not between 0 and 32503680000 then
    raise exception using errcode = 'check_violation', message = 'This is not a Stripe event.';
  end if;
  created := to_timestamp((p_event->>'created')::double precision);
  day := least(private.business_day(created), private.business_today());
  -- The event's row first: a second delivery (or one running at the same moment) stops here.
  insert into public.stripe_events (id, type, created_at, outcome) values (event_id, event_type, created, 'ignored')
  on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true);
  end if;

  if event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    pi := obj->>'payment_intent';
    if obj->>'mode' is distinct from 'payment' or obj->>'payment_status' is distinct from 'paid' then
      why := 'not a paid payment';
    elsif coalesce(meta->>'quote_id', '') !~ '^[0-9a-f-]{36}$' or coalesce(meta->>'kind', '') not in ('deposit', 'balance') then
      why := 'not a quote''s payment';
    elsif jsonb_typeof(obj->'amount_total') is distinct from 'number' or (obj->>'amount_total')::numeric not between 1 and 100000000
          or (obj->>'amount_total')::numeric <> trunc((obj->>'amount_total')::numeric) then
      why := 'no amount';
    elsif pi is null or pi !~ '^pi_[A-Za-z0-9_]{1,200}$' then
      why := 'no payment intent';
    else
      select * into q from public.quotes where id = (meta->>'quote_id')::uuid;
      if q.id is null or q.booking_id::text is distinct from meta->>'booking_id' then
        why := 'unknown quote';
      elsif lower(q.currency) is distinct from obj->>'currency' then
        why := 'another currency';
      elsif exists (select 1 from public.payments p where p.provider_reference = pi and p.method = 'card' and p.kind <> 'refund') then
        why := 'payment already recorded';
      else
        insert into public.payments (booking_id, kind, amount_cents, received_on, method, note, provider_reference)
        values (q.booking_id, meta->>'kind', (obj->>'amount_total')::integer, day, 'card', 'Paid by card (Stripe Checkout)', pi)
        returning id into pid;
        v_outcome := 'recorded';
        -- Refunds that arrived before their payment, without the booking: applied now.
        for waiting in
          select e.id, e.payload from public.stripe_events e where e.outcome = 'waiting' and e.payment_intent = pi for update
        loop
          update public.stripe_events
             set outcome = 'recorded', payload = null, payment_intent = null,
                 payment_id = private.stripe_apply_refund(waiting.payload->'data'->'object', q.booking_id, day)
           where id = waiting.id;
        end loop;
      end if;
    end if;
  elsif event_type = 'charge.refunded' then
    pi := obj->>'payment_intent';
    if jsonb_typeof(obj->'amount_refunded') is distinct from 'number' or (obj->>'amount_refunded')::numeric not between 1 and 100000000
       or (obj->>'amount_refunded')::numeric <> trunc((obj->>'amount_refunded')::numeric)
       or coalesce(obj->>'id', '') !~ '^(ch|py)_[A-Za-z0-9_]{1,200}$' then
      why := 'no refund';
    else
      -- The booking: the payment already recorded for the intent, else the charge's metadata
      -- (Checkout copies payment_intent_data.metadata to the intent and its charge).
      select p.booking_id into booking from public.payments p
       where p.provider_reference = pi and p.method = 'card' and p.kind <> 'refund';
      if booking is null and coalesce(meta->>'quote_id', '') ~ '^[0-9a-f-]{36}$' then
        select q2.booking_id into booking from public.quotes q2
         where q2.id = (meta->>'quote_id')::uuid and q2.booking_id::text = meta->>'booking_id';
      end if;
      if booking is not null then
        pid := private.stripe_apply_refund(obj, booking, day);
        v_outcome := 'recorded';
        why := case when pid is null then 'already refunded' end;
      elsif pi is not null and pi ~ '^pi_[A-Za-z0-9_]{1,200}$' then
        v_outcome := 'waiting';
        why := 'its payment is not recorded yet';
      else
        why := 'not a quote''s payment';
      end if;
    end if;
  else
    why := 'not used';
  end if;

  update public.stripe_events
     set outcome = v_outcome, reason = why, payment_id = pid,
         payment_intent = case when v_outcome = 'waiting' then pi end,
         payload = case when v_outcome = 'waiting' then p_event end
   where id = event_id;
  return jsonb_build_object('duplicate', false, 'outcome', v_outcome, 'reason', why, 'payment_id', pid);
end
$$;

revoke all on function private.card_payment_due(text) from public, anon, authenticated;
revoke all on function private.stripe_apply_refund(jsonb, uuid, date) from public, anon, authenticated;
revoke all on function private.stripe_apply_event(jsonb) from public, anon, authenticated;
grant execute on function private.card_payment_due(text) to service_role;
grant execute on function private.stripe_apply_event(jsonb) to service_role;
