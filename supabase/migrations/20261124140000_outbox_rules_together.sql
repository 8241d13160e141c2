-- Two migrations of the same day each rewrote the outbox's list of events without the other's:
-- 20261124100000_no_megaphone.sql added 'email_change', 20261124130000_quotes_and_payments.sql the
-- quote and payment messages (and, applied after, dropped 'email_change' again). The list is all of
-- them.
--
-- And the daily limit on mail to a visitor's address (20261124100000_no_megaphone.sql) is there so
-- that nobody can aim the chef's domain at a stranger. It counted every message to the address,
-- whoever caused it, so the messages the chef sends one client in the normal course of a day (the
-- quote, the confirmation with its invitation, a receipt) were held after the third
-- (docs/decisions/0023-visitor-mail-limit-counts-visitors.md). It now counts, and holds, the messages
-- a visitor's own request causes: anything written during an anonymous or member request that is not
-- the owner's, and a member's e-mail change (queued by the local server's auth API). What the chef,
-- the service role or the scheduled sender causes is never held. The content rule (no visitor-typed
-- text beyond their name) still applies to every message to a visitor.

alter table public.outbox drop constraint outbox_event_known;
alter table public.outbox add constraint outbox_event_known check (
  event in (
    'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
    'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
    'recipe_reminder', 'contact_received', 'email_change',
    'quote_sent', 'quote_accepted', 'quote_changes_requested', 'quote_acceptance_refused',
    'payment_receipt', 'balance_reminder', 'deposit_late'
  )
);

-- Which messages count against the limit: set by the guard below, never by a caller.
alter table public.outbox add column visitor_caused boolean not null default false;

drop index public.outbox_visitor_recipient_idx;
create index outbox_visitor_recipient_idx on public.outbox (lower(recipient), created_at)
  where visitor_caused;

-- Replaces the function of 20261124100000_no_megaphone.sql: the same demo, content and address
-- rules; the limit counts and holds only visitor-caused messages.
create or replace function private.outbox_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
  actor text := coalesce((select auth.jwt()) ->> 'role', '');
begin
  if new.subject_id is not null and exists (select 1 from private.demo_subjects d where d.subject_id = new.subject_id) then
    return null;
  end if;
  new.visitor_caused := false;
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

  if not (new.event = 'email_change' or (actor in ('anon', 'authenticated') and not private.is_owner())) then
    return new;
  end if;
  new.visitor_caused := true;

  -- One address at a time, so two requests at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('outbox-visitor:' || lower(new.recipient), 0));
  select count(*) into recent from public.outbox o
   where o.visitor_caused
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
