-- The quote editor for the phone (issue 37, docs/decisions/0059-quote-editor-for-the-phone.md):
--
-- - public.quotes.opened_at: when the client first loaded their quote. Set by public.open_quote(token),
--   which the client's page calls (a POST) once it has shown the quote: a link scanner's GET of
--   /quote runs no script and records nothing; describe_quote stays a read that changes nothing.
-- - public.resend_quote(quote_id): the same link e-mailed again (the token is the one the first
--   message carried; the outbox numbers the message's key), at most 5 messages per quote.
-- - public.quote_events: what happened to a booking's quotes and payments, for the console's
--   history; written only by the triggers below (the owner reads it).

alter table public.quotes add column opened_at timestamptz;

-- ── The history ───────────────────────────────────────────────────────────────────────────────

create table public.quote_events (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- A draft deleted keeps its events (the quote's id is then gone).
  quote_id uuid references public.quotes (id) on delete set null,
  -- No reference: a removed payment's events stay.
  payment_id uuid,
  event text not null,
  version integer,
  amount_cents bigint,
  -- The payment's kind, for payment events.
  kind text,
  -- Who did it: the signed-in account, null for the client's link, the webhook or the service role.
  actor uuid,
  -- The clock, not the transaction's start: two events of one transaction (a new version and the one it
  -- replaces) keep their order.
  at timestamptz not null default clock_timestamp(),
  constraint quote_events_event_known check (
    event in ('quote_created', 'quote_sent', 'quote_resent', 'quote_opened', 'quote_changes_requested',
              'quote_accepted', 'quote_withdrawn', 'quote_replaced', 'quote_deleted',
              'payment_recorded', 'payment_changed', 'payment_removed')
  )
);

create index quote_events_booking_idx on public.quote_events (booking_id, at);

alter table public.quote_events enable row level security;
revoke all on table public.quote_events from public, anon, authenticated;
grant select on table public.quote_events to authenticated;
grant all on table public.quote_events to service_role;

create policy "The owner can read the quotes' and payments' history"
  on public.quote_events for select to authenticated using ((select private.is_owner()));

create function private.quote_event(p_booking uuid, p_quote uuid, p_payment uuid, p_event text, p_version integer,
                                    p_amount bigint, p_kind text) returns void
language sql
security definer
set search_path = ''
as $$
  -- Nothing for a booking being deleted (its cascade removes its quotes and payments after it).
  insert into public.quote_events (booking_id, quote_id, payment_id, event, version, amount_cents, kind, actor)
  select p_booking, p_quote, p_payment, p_event, p_version, p_amount, p_kind, (select auth.uid())
   where exists (select 1 from public.bookings b where b.id = p_booking)
$$;

create function private.quotes_record_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.quote_event(new.booking_id, new.id, null, 'quote_created', new.version, null, null);
  elsif tg_op = 'DELETE' then
    perform private.quote_event(old.booking_id, null, null, 'quote_deleted', old.version, null, null);
    return null;
  else
    if new.status is distinct from old.status and new.status in ('sent', 'accepted', 'withdrawn', 'replaced') then
      perform private.quote_event(new.booking_id, new.id, null, 'quote_' || new.status, new.version,
                                  case when new.status in ('sent', 'accepted') then new.total_cents end, null);
    end if;
    if new.opened_at is not null and old.opened_at is null then
      perform private.quote_event(new.booking_id, new.id, null, 'quote_opened', new.version, null, null);
    end if;
    if new.change_requests > old.change_requests then
      perform private.quote_event(new.booking_id, new.id, null, 'quote_changes_requested', new.version, null, null);
    end if;
  end if;
  return null;
end
$$;

create trigger quotes_record_event
  after insert or update or delete on public.quotes
  for each row execute function private.quotes_record_event();

create function private.payments_record_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.quote_event(new.booking_id, null, new.id, 'payment_recorded', null, new.amount_cents, new.kind);
  elsif tg_op = 'DELETE' then
    perform private.quote_event(old.booking_id, null, old.id, 'payment_removed', null, old.amount_cents, old.kind);
  elsif (new.amount_cents, new.kind, new.received_on, new.method) is distinct from
        (old.amount_cents, old.kind, old.received_on, old.method) then
    perform private.quote_event(new.booking_id, null, new.id, 'payment_changed', null, new.amount_cents, new.kind);
  end if;
  return null;
end
$$;

create trigger payments_record_event
  after insert or update or delete on public.payments
  for each row execute function private.payments_record_event();

-- ── Opened ────────────────────────────────────────────────────────────────────────────────────

-- The client's page has shown the quote: the first time for an open quote, it is marked opened.
-- Answers {opened: true} when the link names a quote, whatever its state; changes nothing else.
create function public.open_quote(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t private.quote_tokens := private.quote_token_row(token);
begin
  if t.token_hash is null then
    return jsonb_build_object('opened', false);
  end if;
  update public.quotes set opened_at = now()
   where id = t.quote_id and status = 'sent' and opened_at is null;
  return jsonb_build_object('opened', true);
end
$$;

-- ── Resending the link ────────────────────────────────────────────────────────────────────────

create function public.resend_quote(quote_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  q public.quotes;
  b public.bookings;
  token text;
  sent integer;
begin
  if not private.is_owner() then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can resend a quote.';
  end if;
  select * into q from public.quotes where id = resend_quote.quote_id for update;
  if q.id is null then
    raise exception using errcode = 'check_violation', message = 'This quote does not exist.';
  end if;
  if private.quote_state(q) <> 'open' then
    raise exception using errcode = 'check_violation', message = 'Only a sent quote that is still open can be resent.';
  end if;
  select count(*), (array_agg(o.payload ->> 'quote_token' order by o.created_at))[1] into sent, token
    from public.outbox o
   where o.event = 'quote_sent' and o.subject_id = q.id;
  if token is null then
    raise exception using errcode = 'check_violation', message = 'This quote’s link is not known any more.';
  end if;
  if sent >= 5 then
    raise exception using errcode = 'check_violation', message = 'This quote was already e-mailed 5 times.';
  end if;
  select * into b from public.bookings where id = q.booking_id;
  perform private.outbox_put('quote_sent', q.id, b.email,
    private.quote_payload(q) || jsonb_build_object('quote_token', token), 'visitor');
  perform private.quote_event(q.booking_id, q.id, null, 'quote_resent', q.version, null, null);
end
$$;

revoke all on function private.quote_event(uuid, uuid, uuid, text, integer, bigint, text) from public;
revoke all on function private.quotes_record_event() from public;
revoke all on function private.payments_record_event() from public;
revoke all on function public.open_quote(text) from public;
revoke all on function public.resend_quote(uuid) from public;
grant execute on function public.open_quote(text) to anon, authenticated;
grant execute on function public.resend_quote(uuid) to authenticated;
