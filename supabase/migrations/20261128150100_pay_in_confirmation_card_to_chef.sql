-- Issue 37: the client's confirmation says what is due, when, and how to pay it in one tap; the chef
-- hears of a card payment that they did not record themselves.

-- ── What the confirmation says about money ─────────────────────────────────────────────────────────

-- The booking's accepted quote as the confirmation tells it: what is due and when, what is paid, how
-- many days before the balance's date its reminder goes (private.payments_enqueue_reminders), and the
-- payment link the chef published (null: the build's own, content/site.ts). Null without an accepted
-- quote (a booking the chef confirmed without one).
create function private.confirmation_payment(p_booking uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'currency', v.currency, 'total_cents', v.total_cents, 'paid_cents', v.paid_cents,
           'deposit_cents', v.deposit_cents, 'deposit_outstanding_cents', v.deposit_outstanding_cents,
           'deposit_due_on', v.deposit_due_on, 'outstanding_cents', v.outstanding_cents,
           'balance_due_on', v.balance_due_on,
           'reminder_days', (select s.balance_reminder_days from public.quote_settings s where s.id),
           'pay_url', (select d.published ->> 'paymentUrl' from public.site_documents d where d.key = 'brand'))
    from public.booking_balances v
   where v.booking_id = p_booking
$$;

revoke all on function private.confirmation_payment(uuid) from public, anon, authenticated, service_role;

-- Replaces the function of 20261124150000_one_outbox_key.sql: the confirmation carries `payment`.
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
      payload || jsonb_build_object('calendar', jsonb_build_object('method', 'REQUEST', 'sequence', calendar_changes),
                                    'payment', private.confirmation_payment(new.id)),
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


-- ── The chef hears of card payments ──────────────────────────────────────────────────────────────

alter table public.outbox drop constraint outbox_event_known;
alter table public.outbox add constraint outbox_event_known check (
  event in (
    'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
    'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
    'recipe_reminder', 'contact_received', 'email_change',
    'quote_sent', 'quote_accepted', 'quote_changes_requested', 'quote_acceptance_refused',
    'payment_receipt', 'balance_reminder', 'deposit_late',
    'event_tomorrow', 'payment_received'
  )
);

-- A payment Stripe recorded (the webhook, 20261128140000_card_payments.sql) is money the chef did not
-- type in: they are told, with what is left to pay. A payment the chef records is not mailed back to
-- them, nor a refund (the chef makes it in Stripe's dashboard).
create function private.payments_outbox_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  v public.booking_balances;
begin
  select * into b from public.bookings where id = new.booking_id;
  select * into v from public.booking_balances where booking_id = new.booking_id;
  perform private.outbox_put('payment_received', new.id, 'owner',
    jsonb_build_object(
      'payment_id', new.id, 'booking_id', b.id, 'name', b.name, 'email', b.email,
      'booking_date', b.booking_date, 'booking_time', b.booking_time, 'service_type', b.service_type,
      'guests', b.guests, 'kind', new.kind, 'amount_cents', new.amount_cents, 'received_on', new.received_on,
      'method', new.method,
      'currency', coalesce(v.currency, (select s.currency from public.quote_settings s where s.id)),
      'paid_cents', coalesce(v.paid_cents,
                             (select coalesce(sum(p.amount_cents), 0) from public.payments p where p.booking_id = b.id)),
      'total_cents', v.total_cents, 'outstanding_cents', v.outstanding_cents
    ),
    'owner');
  return null;
end
$$;

revoke all on function private.payments_outbox_owner() from public, anon, authenticated, service_role;

create trigger payments_outbox_owner
  after insert on public.payments
  for each row when (new.method = 'card' and new.kind <> 'refund') execute function private.payments_outbox_owner();
