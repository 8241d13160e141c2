-- The chef's calendar (docs/decisions/0021-calendar.md): blocked days, a weekday always closed, how
-- many events a day (capacity), the business's time zone, and the rule that a day is unavailable
-- when blocked, closed, or holding that many confirmed bookings. The database decides: a visitor's
-- request for an unavailable day is refused, and so is any confirmation on a full day, whoever
-- confirms, also when two confirmations race. The chef may confirm over the calendar only through
-- public.confirm_booking_over_calendar, which says so in the booking's history.

create schema if not exists private;

-- ── Settings: one row, the owner's to change ─────────────────────────────────────────────────────

create table public.calendar_settings (
  id boolean primary key default true,
  -- IANA name; the days of bookings and blocks are this zone's days. content/site.ts holds the same
  -- name (site.timeZone): the local server writes it here at start, docs/deploy.md says how on hosted.
  time_zone text not null default 'America/New_York',
  -- Confirmed events a day; a day holding that many is full.
  capacity_per_day integer not null default 1,
  -- ISO weekday always closed (1 = Monday … 7 = Sunday), or none.
  closed_weekday integer,
  -- When the current private feed address was made (its secret is kept hashed elsewhere).
  feed_created_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint calendar_settings_one_row check (id),
  constraint calendar_settings_capacity_range check (capacity_per_day between 1 and 50),
  constraint calendar_settings_closed_weekday_range check (closed_weekday is null or closed_weekday between 1 and 7)
);

insert into public.calendar_settings (id) values (true);

create function private.calendar_settings_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A region name PostgreSQL knows (abbreviations such as 'EST' and offsets are not time zones).
  if tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone then
    if new.time_zone !~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)+$|^UTC$'
       or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = format('%s is not a time zone', new.time_zone),
        hint = 'Use an IANA name such as America/New_York.';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger calendar_settings_before_write
  before insert or update on public.calendar_settings
  for each row execute function private.calendar_settings_before_write();

alter table public.calendar_settings enable row level security;
revoke all on table public.calendar_settings from public, anon, authenticated, service_role;
grant select on table public.calendar_settings to authenticated;
grant update (capacity_per_day, closed_weekday) on table public.calendar_settings to authenticated;
grant select, update on table public.calendar_settings to service_role;

create policy "The owner can read the calendar settings"
  on public.calendar_settings for select
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can change the calendar settings"
  on public.calendar_settings for update
  to authenticated
  using ((select private.is_owner()))
  with check ((select private.is_owner()));

-- ── Blocked days ─────────────────────────────────────────────────────────────────────────────────

create table public.blocked_dates (
  id uuid primary key default gen_random_uuid(),
  starts_on date not null,
  -- Inclusive: a one-day block starts and ends on that day.
  ends_on date not null,
  -- Private: never shown to visitors.
  note text,
  created_at timestamptz not null default now(),
  constraint blocked_dates_order check (ends_on >= starts_on),
  constraint blocked_dates_length check (ends_on - starts_on < 366),
  constraint blocked_dates_note_length check (note is null or length(note) <= 500)
);

create index blocked_dates_range_idx on public.blocked_dates (starts_on, ends_on);

alter table public.blocked_dates enable row level security;
revoke all on table public.blocked_dates from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.blocked_dates to authenticated;
grant all on table public.blocked_dates to service_role;

create policy "The owner can read blocked dates"
  on public.blocked_dates for select to authenticated using ((select private.is_owner()));
create policy "The owner can block dates"
  on public.blocked_dates for insert to authenticated with check ((select private.is_owner()));
create policy "The owner can change blocked dates"
  on public.blocked_dates for update to authenticated
  using ((select private.is_owner())) with check ((select private.is_owner()));
create policy "The owner can remove blocked dates"
  on public.blocked_dates for delete to authenticated using ((select private.is_owner()));

-- ── The rule ─────────────────────────────────────────────────────────────────────────────────────

-- The business's day at an instant (today: private.business_day(now())).
create function private.business_day(p_at timestamptz) returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (p_at at time zone s.time_zone)::date from public.calendar_settings s
$$;

-- Why a day is unavailable: 'blocked', 'closed', 'full', or null when it is open. `p_except` is a
-- booking not to count (the one being confirmed). The one place the rule is written.
create function private.day_unavailable(p_day date, p_except uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.blocked_dates b where b.starts_on <= p_day and b.ends_on >= p_day) then 'blocked'
    when s.closed_weekday is not null and extract(isodow from p_day)::integer = s.closed_weekday then 'closed'
    when (select count(*) from public.bookings k
           where k.booking_date = p_day and k.status = 'confirmed' and k.id is distinct from p_except)
         >= s.capacity_per_day then 'full'
  end
  from public.calendar_settings s
$$;

-- What anyone may know: the unavailable days from `from_date` to `to_date` (both included), at most
-- a year apart. Nothing else (no reason, no count, no note).
create function public.unavailable_dates(from_date date, to_date date) returns setof date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if from_date is null or to_date is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'from_date and to_date are required';
  end if;
  if to_date < from_date then
    raise exception using errcode = 'invalid_parameter_value', message = 'to_date must not be before from_date';
  end if;
  if to_date - from_date > 366 then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'The range is longer than a year',
      hint = 'Ask for at most 366 days at a time.';
  end if;
  return query
    select d.day
      from (select generate_series(from_date, to_date, interval '1 day')::date as day) d
     where private.day_unavailable(d.day, null) is not null
     order by d.day;
end
$$;

-- A day's confirmations happen one at a time: this transaction-scoped lock, keyed by the day, is
-- held from the check until commit. The first key names the purpose; the second is the day.
create function private.lock_booking_day(p_day date) returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(21211, p_day - date '2000-01-01')
$$;

-- Before a booking becomes confirmed (or a confirmed one moves to another day): the day must be
-- open, unless the chef said to confirm over the calendar (public.confirm_booking_over_calendar sets
-- the transaction-local app.booking_calendar_override to this booking's id; nothing else does).
--
-- Why this holds under races: two confirmations for the same day each take the day's advisory lock
-- before counting; the second waits until the first commits or rolls back (a transaction lock is
-- released only then), and its count, a new statement in a volatile function under READ COMMITTED,
-- runs on a new snapshot that sees the first one's committed row. Under SERIALIZABLE the count is
-- on the transaction's snapshot, and PostgreSQL's serializable checks abort one of the two instead.
-- REPEATABLE READ would count on an old snapshot with no such check, so it is refused.
create function private.bookings_confirm_within_calendar() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  why text;
begin
  if old.status = 'confirmed' and new.booking_date = old.booking_date then
    return new;
  end if;
  if current_setting('transaction_isolation') = 'repeatable read' then
    raise exception using
      errcode = 'invalid_transaction_state',
      message = 'Bookings are confirmed in READ COMMITTED or SERIALIZABLE transactions';
  end if;
  perform private.lock_booking_day(new.booking_date);
  why := private.day_unavailable(new.booking_date, new.id);
  if why is null or current_setting('app.booking_calendar_override', true) = new.id::text then
    return new;
  end if;
  raise exception using
    errcode = 'check_violation',
    message = case why
      when 'blocked' then format('%s is blocked in the calendar', to_char(new.booking_date, 'FMDay, FMMonth FMDD, YYYY'))
      when 'closed' then format('%s is the closed weekday', to_char(new.booking_date, 'FMDay, FMMonth FMDD, YYYY'))
      else format('%s is already full', to_char(new.booking_date, 'FMDay, FMMonth FMDD, YYYY'))
    end,
    detail = format('booking_date %s is unavailable (%s)', new.booking_date, why),
    hint = 'To confirm anyway, the owner confirms it over the calendar in the console.';
end
$$;

create trigger bookings_confirm_within_calendar
  before update on public.bookings
  for each row
  when (new.status = 'confirmed')
  execute function private.bookings_confirm_within_calendar();

-- Before a request from the booking form (anon or a signed-in visitor; the service role is not
-- held to it): not before the business's today, and not for an unavailable day. A row inserted
-- already confirmed (only the service role can) is held to the confirmation rule above.
create function private.bookings_requested_day_open() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  why text;
begin
  if new.status = 'confirmed' then
    perform private.lock_booking_day(new.booking_date);
    why := private.day_unavailable(new.booking_date, new.id);
    if why is not null and current_setting('app.booking_calendar_override', true) is distinct from new.id::text then
      raise exception using
        errcode = 'check_violation',
        message = format('%s is not available (%s)', to_char(new.booking_date, 'FMDay, FMMonth FMDD, YYYY'), why),
        detail = format('booking_date %s is unavailable (%s)', new.booking_date, why),
        hint = 'Insert it as new, then confirm it over the calendar.';
    end if;
  end if;
  if coalesce((select auth.role()), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.booking_date < private.business_day(now()) then
    raise exception using
      errcode = 'check_violation',
      message = 'booking_date must not be in the past',
      detail = format('booking_date %s is before today', new.booking_date),
      hint = 'Choose today or a later date.';
  end if;
  if private.day_unavailable(new.booking_date, null) is not null then
    raise exception using
      errcode = 'check_violation',
      message = 'The chef is not available on this date. Please choose another date.',
      detail = format('booking_date %s is unavailable', new.booking_date),
      hint = 'public.unavailable_dates lists the days that cannot be booked.';
  end if;
  return new;
end
$$;

create trigger bookings_requested_day_open
  before insert on public.bookings
  for each row execute function private.bookings_requested_day_open();

-- ── Confirming over the calendar (the owner's explicit choice) ──────────────────────────────────

alter table public.booking_status_changes
  add column calendar_override text,
  add constraint booking_status_changes_calendar_override_length
    check (calendar_override is null or length(calendar_override) <= 1200);

-- Confirms a booking even on a blocked, closed or full day; the owner (or the service role) only,
-- with a reason, kept in the booking's history with what was overridden. On an open day it is an
-- ordinary confirmation. Returns {status, overridden: 'blocked' | 'closed' | 'full' | null}.
create function public.confirm_booking_over_calendar(booking_id uuid, reason text) returns jsonb
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
  -- The day's lock before the row's, in the order a plain update takes them (its trigger locks the
  -- day before the row is written), so the two paths cannot deadlock.
  select * into b from public.bookings k where k.id = booking_id;
  if b.id is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'This booking request no longer exists.';
  end if;
  perform private.lock_booking_day(b.booking_date);
  select * into b from public.bookings k where k.id = booking_id for update;
  if b.id is null then
    raise exception using errcode = 'invalid_parameter_value', message = 'This booking request no longer exists.';
  end if;
  if b.status = 'confirmed' then
    return jsonb_build_object('status', b.status, 'overridden', null);
  end if;
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

-- ── The chef's new-request and reminder e-mails say when the day is already unavailable ─────────

create function private.outbox_note_unavailable_day() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  why text;
begin
  if new.event in ('booking_received', 'booking_reminder') and new.payload ? 'booking_date' then
    why := private.day_unavailable((new.payload ->> 'booking_date')::date, new.subject_id);
    if why is not null then
      new.payload := new.payload || jsonb_build_object('day_unavailable', why);
    end if;
  end if;
  return new;
end
$$;

create trigger outbox_note_unavailable_day
  before insert on public.outbox
  for each row execute function private.outbox_note_unavailable_day();

-- ── The private calendar feed ───────────────────────────────────────────────────────────────────
-- One secret address at a time: a new one replaces the old one's hash, so the old one stops working.

create table private.calendar_feed_keys (
  id boolean primary key default true,
  token_hash bytea not null,
  created_at timestamptz not null default now(),
  constraint calendar_feed_keys_one_row check (id)
);

revoke all on table private.calendar_feed_keys from public, anon, authenticated, service_role;

-- A new feed secret (256 random bits as 64 hex digits); returned once, kept only as its SHA-256.
create function public.new_calendar_feed_secret() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
begin
  if not ((select private.is_owner()) or coalesce((select auth.role()), '') = 'service_role') then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can make a calendar feed address';
  end if;
  insert into private.calendar_feed_keys (id, token_hash) values (true, sha256(convert_to(token, 'UTF8')))
  on conflict (id) do update set token_hash = excluded.token_hash, created_at = now();
  update public.calendar_settings set feed_created_at = now();
  return token;
end
$$;

-- The feed's events for a secret: the confirmed bookings from a year ago on, or null when the secret
-- is not the current one. Called by the local server and the Edge Function as the database owner.
create function private.calendar_feed(p_token text) returns jsonb
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
             'booking_date', b.booking_date, 'booking_time', b.booking_time, 'updated_at', b.updated_at
           ) order by b.booking_date, b.booking_time)
      from public.bookings b
     where b.status = 'confirmed' and b.booking_date >= private.business_day(now()) - 366
  ), '[]'::jsonb);
end
$$;

-- ── Grants: nothing by default; what each role may call ────────────────────────────────────────

revoke all on function private.calendar_settings_before_write() from public, anon, authenticated, service_role;
revoke all on function private.business_day(timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.day_unavailable(date, uuid) from public, anon, authenticated, service_role;
revoke all on function private.lock_booking_day(date) from public, anon, authenticated, service_role;
revoke all on function private.bookings_confirm_within_calendar() from public, anon, authenticated, service_role;
revoke all on function private.bookings_requested_day_open() from public, anon, authenticated, service_role;
revoke all on function private.outbox_note_unavailable_day() from public, anon, authenticated, service_role;
revoke all on function private.calendar_feed(text) from public, anon, authenticated, service_role;
revoke all on function public.unavailable_dates(date, date) from public, anon, authenticated, service_role;
revoke all on function public.confirm_booking_over_calendar(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.new_calendar_feed_secret() from public, anon, authenticated, service_role;

grant execute on function public.unavailable_dates(date, date) to anon, authenticated, service_role;
grant execute on function public.confirm_booking_over_calendar(uuid, text) to authenticated, service_role;
grant execute on function public.new_calendar_feed_secret() to authenticated, service_role;
