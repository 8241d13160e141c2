-- Visitor mail counted by mailbox, and no stranger's words in it (issue 38, F1 and F3;
-- docs/decisions/0049-mailboxes-not-addresses.md).
--
-- The daily limit on visitor-caused mail (20261124140000_outbox_rules_together.sql) counted literal
-- addresses: victim+1@…, victim+2@… and, at Gmail, v.ictim@… are different addresses that land in one
-- mailbox. It now counts private.mailbox(recipient): lower case, the +tag dropped, and for the
-- providers that ignore dots (gmail.com, googlemail.com) the dots dropped too.
--
-- Until a mailbox has shown it belongs to the visitor, mail to it carries nothing a visitor wrote:
-- no name (the greeting is neutral, the To header has no display name), no recipe title. A mailbox
-- shows it by receiving a booking confirmation, which only the chef (console, the chef's e-mailed
-- link) or the client holding a quote link mailed to that address (an accepted quote) can cause.
--
-- And the confirmation itself is never held (F3): it is the chef's act or the client's own
-- acceptance, not a stranger's request, so it neither counts nor waits behind three fake requests.

create function private.mailbox(p_address text) returns text
language sql
immutable
parallel safe
as $$
  select case
           when a.domain in ('gmail.com', 'googlemail.com')
             then pg_catalog.replace(a.local, '.', '') || '@gmail.com'
           else a.local || '@' || a.domain
         end
    from (select pg_catalog.split_part(pg_catalog.split_part(pg_catalog.lower(p_address), '@', 1), '+', 1) as local,
                 pg_catalog.split_part(pg_catalog.lower(p_address), '@', 2) as domain) a
$$;

revoke all on function private.mailbox(text) from public, anon, authenticated, service_role;

-- Mailboxes that have shown they are the visitor's own, and how.
create table private.proven_mailboxes (
  mailbox text primary key,
  proven_at timestamptz not null default now(),
  how text not null
);
revoke all on table private.proven_mailboxes from public, anon, authenticated, service_role;

-- Bookings confirmed before this migration proved their addresses the same way.
insert into private.proven_mailboxes (mailbox, how)
select distinct private.mailbox(b.email), 'booking confirmed'
  from public.bookings b
 where b.status in ('confirmed', 'completed')
on conflict (mailbox) do nothing;

drop index public.outbox_visitor_recipient_idx;
create index outbox_visitor_mailbox_idx on public.outbox (private.mailbox(recipient), created_at)
  where visitor_caused;

-- Replaces the function of 20261124140000_outbox_rules_together.sql: the same demo, content and
-- address rules; the limit counts mailboxes; an unproven mailbox gets no visitor-written text; the
-- booking's confirmation proves the mailbox and is never held.
create or replace function private.outbox_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
  actor text := coalesce((select auth.jwt()) ->> 'role', '');
  box text;
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
  box := private.mailbox(new.recipient);

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

  if new.event = 'booking_confirmed' then
    -- Only the chef or the holder of a quote link mailed to this address confirms a booking.
    insert into private.proven_mailboxes (mailbox, how) values (box, 'booking confirmed')
    on conflict (mailbox) do nothing;
  elsif not exists (select 1 from private.proven_mailboxes p where p.mailbox = box) then
    -- A stranger may have typed this address: none of their words go to it.
    if new.payload ? 'name' then
      new.payload := new.payload || jsonb_build_object('name', '');
    end if;
    if new.event = 'recipe_approved' then
      new.payload := new.payload || jsonb_build_object('title', '', 'submitted_by', null);
    end if;
  end if;

  if new.event = 'booking_confirmed'
     or not (new.event = 'email_change' or (actor in ('anon', 'authenticated') and not private.is_owner())) then
    return new;
  end if;
  new.visitor_caused := true;

  -- One mailbox at a time, so two requests at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('outbox-visitor:' || box, 0));
  select count(*) into recent from public.outbox o
   where o.visitor_caused
     and private.mailbox(o.recipient) = box
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

-- Messages queued before this migration and not yet sent follow the same rule.
update public.outbox o
   set payload = o.payload || jsonb_build_object('name', '')
 where o.status = 'pending' and o.recipient <> 'owner' and o.payload ? 'name'
   and not exists (select 1 from private.proven_mailboxes p where p.mailbox = private.mailbox(o.recipient));
update public.outbox o
   set payload = o.payload || jsonb_build_object('title', '', 'submitted_by', null)
 where o.status = 'pending' and o.event = 'recipe_approved'
   and not exists (select 1 from private.proven_mailboxes p where p.mailbox = private.mailbox(o.recipient));
