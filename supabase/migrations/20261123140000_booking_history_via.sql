-- Where a booking's status change came from, for the history the chef reads in the console: the
-- confirm link in the chef's e-mail (public.redeem_mail_action) runs without a signed-in user, so
-- changed_by alone would read as the service role. The rpc sets a transaction-local setting
-- (set_config(..., true)) that the history trigger records as `via`; no setting, no marker.

alter table public.booking_status_changes
  add column via text,
  add constraint booking_status_changes_via_known check (via is null or via in ('email_link'));

create or replace function private.bookings_record_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.booking_status_changes (booking_id, from_status, to_status, reason, changed_by, via)
    values (
      new.id,
      case when tg_op = 'INSERT' then null else old.status end,
      new.status,
      new.status_reason,
      (select auth.uid()),
      nullif(current_setting('app.booking_change_via', true), '')
    );
  end if;
  return null;
end
$$;

create or replace function public.redeem_mail_action(token text) returns jsonb
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
    -- The history says where the change came from (private.bookings_record_status reads this
    -- setting); local to this transaction, and cleared again at once.
    perform set_config('app.booking_change_via', 'email_link', true);
    update public.bookings set status = 'confirmed' where id = b.id;
    perform set_config('app.booking_change_via', '', true);
    return jsonb_build_object('done', true, 'status', 'confirmed');
  end if;
  raise exception using errcode = 'check_violation', message = 'This link does nothing any more.';
end
$$;
