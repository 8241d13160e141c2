-- Spam removed without a word, and one message per refused quote (issue 38, F2 and F4;
-- docs/decisions/0049-mailboxes-not-addresses.md).
--
-- F2: the chef could clear a spam request only by declining it, and each decline mailed the stranger
-- whose address the spam carried. public.remove_booking_as_spam deletes the request (its history,
-- quotes and confirm link with it) and stops every message about it that has not left yet, writing
-- none: nobody is mailed. A confirmed or paid booking is cancelled, not removed.
--
-- F4: a client's acceptance of a quote for a day that can no longer take it tells the chef; every
-- press told the chef again, with the caller's text. Now one message per quote: the chef knows.
-- With it, each anonymous function that writes the outbox has a bound: redeem_mail_action (a link
-- acts once), accept_quote (one acceptance, one refusal message), request_quote_changes (5 a quote).

create function public.remove_booking_as_spam(booking_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  stopped integer;
begin
  if not ((select private.is_owner()) or coalesce((select auth.role()), '') = 'service_role') then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can remove a booking request as spam';
  end if;
  select * into b from public.bookings k where k.id = remove_booking_as_spam.booking_id for update;
  if b.id is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'This booking request no longer exists.';
  end if;
  if b.status in ('confirmed', 'completed') or exists (select 1 from public.payments p where p.booking_id = b.id) then
    raise exception using
      errcode = 'check_violation',
      message = 'A confirmed or paid booking cannot be removed as spam.',
      hint = 'Cancel it instead: the client is told.';
  end if;
  update public.outbox o
     set status = 'failed', attempts = 0,
         last_error = 'Not sent: the request was removed as spam.'
   where o.status = 'pending'
     and (o.subject_id = b.id or o.subject_id in (select q.id from public.quotes q where q.booking_id = b.id));
  get diagnostics stopped = row_count;
  delete from private.mail_action_tokens t where t.subject_id = b.id;
  delete from public.bookings k where k.id = b.id;
  return jsonb_build_object('removed', true, 'messages_stopped', stopped);
end
$$;

revoke all on function public.remove_booking_as_spam(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_booking_as_spam(uuid) to authenticated, service_role;

-- At most one refusal message per quote. accept_quote holds the quote's row lock when it writes
-- one, so two presses at once are counted one after the other.
create function private.outbox_one_refusal_per_quote() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.outbox o where o.subject_id = new.subject_id and o.event = 'quote_acceptance_refused') then
    return null;
  end if;
  return new;
end
$$;

revoke all on function private.outbox_one_refusal_per_quote() from public, anon, authenticated, service_role;

create trigger outbox_one_refusal_per_quote
  before insert on public.outbox
  for each row
  when (new.event = 'quote_acceptance_refused')
  execute function private.outbox_one_refusal_per_quote();
