-- Safe links in the chef's e-mail (docs/decisions/0011-mail-outbox.md): the page a link opens shows
-- what the link would do (describe_mail_action, which changes nothing, so a mail scanner that
-- follows the link changes nothing) and acts only when the chef presses its button, a POST to
-- redeem_mail_action. The token is the link's secret: 256 random bits, kept only as a hash
-- (private.mail_action_tokens), good once, for 7 days.

create function private.mail_action_token_row(p_token text)
returns private.mail_action_tokens
language sql
stable
security definer
set search_path = ''
as $$
  select t.* from private.mail_action_tokens t
   where p_token ~ '^[0-9a-f]{64}$' and t.token_hash = sha256(convert_to(p_token, 'UTF8'))
$$;

-- What the link would do, and whether it still can: {state: 'ready' | 'used' | 'expired' | 'unknown',
-- action, booking: {...}}. Only someone holding the link (the chef) learns anything.
create function public.describe_mail_action(token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t private.mail_action_tokens := private.mail_action_token_row(token);
  b public.bookings;
begin
  if t.token_hash is null then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into b from public.bookings where id = t.subject_id;
  if b.id is null then
    return jsonb_build_object('state', 'unknown');
  end if;
  return jsonb_build_object(
    'state', case when t.used_at is not null then 'used' when t.expires_at < now() then 'expired' else 'ready' end,
    'action', t.action,
    'expires_at', t.expires_at,
    'booking', jsonb_build_object(
      'id', b.id, 'name', b.name, 'booking_date', b.booking_date, 'booking_time', b.booking_time,
      'guests', b.guests, 'service_type', b.service_type, 'location', b.location, 'status', b.status
    )
  );
end
$$;

-- Does what the link says, once: confirms the booking (when it can still be confirmed). Returns
-- {done: true, status} or raises with a message the page shows.
create function public.redeem_mail_action(token text) returns jsonb
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
    raise exception using errcode = 'check_violation', message = 'This booking request no longer exists.';
  end if;
  if t.action = 'confirm_booking' then
    if b.status = 'confirmed' then
      return jsonb_build_object('done', true, 'status', b.status);
    end if;
    if b.status not in ('new', 'contacted') then
      raise exception using errcode = 'check_violation',
        message = format('This booking is %s and cannot be confirmed from the e-mail. Open it in the console.', b.status);
    end if;
    update public.bookings set status = 'confirmed' where id = b.id;
    return jsonb_build_object('done', true, 'status', 'confirmed');
  end if;
  raise exception using errcode = 'check_violation', message = 'This link does nothing any more.';
end
$$;

revoke all on function private.mail_action_token_row(text) from public;
revoke all on function public.describe_mail_action(text) from public;
revoke all on function public.redeem_mail_action(text) from public;
grant execute on function public.describe_mail_action(text) to anon, authenticated;
grant execute on function public.redeem_mail_action(text) to anon, authenticated;
