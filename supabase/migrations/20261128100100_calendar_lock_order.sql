-- The calendar's locks in one order on every path (issue 38, F5; docs/decisions/0049-mailboxes-not-addresses.md).
--
-- A plain confirmation (`update bookings set status = 'confirmed'`, the chef's e-mailed link, a
-- quote's acceptance) locks the booking's row first: PostgreSQL locks the row it updates before the
-- row's BEFORE UPDATE trigger runs, and that trigger (private.bookings_confirm_within_calendar) then
-- takes the day's advisory lock. public.confirm_booking_over_calendar took the day first and the row
-- second, so with a third transaction holding the day, a plain confirmation and an override of the
-- same booking waited for each other: PostgreSQL's deadlock detector ended one (40P01). Every path is
-- now row, then day; a quote's acceptance is quote, row, day, and nothing takes a quote after a day.

-- Replaces the function of 20261124120000_calendar.sql: the row's lock before the day's.
create or replace function public.confirm_booking_over_calendar(booking_id uuid, reason text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  why text;
  said text := trim(confirm_booking_over_calendar.reason);
begin
  if not ((select private.is_owner()) or coalesce((select auth.role()), '') = 'service_role') then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can confirm over the calendar';
  end if;
  if reason is null or reason !~ '[^[:space:]]' or length(reason) > 1000 then
    raise exception using
      errcode = 'check_violation',
      message = 'A reason is required to confirm over the calendar',
      hint = 'Say why this booking may take the day (at most 1000 characters).';
  end if;
  -- The row, then its day: the order a plain update takes them.
  select * into b from public.bookings k where k.id = booking_id for update;
  if b.id is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'This booking request no longer exists.';
  end if;
  if b.status = 'confirmed' then
    return jsonb_build_object('status', b.status, 'overridden', null);
  end if;
  perform private.lock_booking_day(b.booking_date);
  why := private.day_unavailable(b.booking_date, b.id);
  perform set_config('app.booking_calendar_override', b.id::text, true);
  update public.bookings set status = 'confirmed' where id = b.id;
  perform set_config('app.booking_calendar_override', '', true);
  if why is not null then
    update public.booking_status_changes h
       set calendar_override = format('%s: %s', why, said)
     where h.booking_id = b.id and h.to_status = 'confirmed' and h.changed_at = now() and h.calendar_override is null;
  end if;
  return jsonb_build_object('status', 'confirmed', 'overridden', why);
end
$$;

revoke all on function public.confirm_booking_over_calendar(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_booking_over_calendar(uuid, text) to authenticated, service_role;
