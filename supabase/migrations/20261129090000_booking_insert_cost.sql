-- What a booking insert costs in the database (issue 39; docs/decisions/0062-booking-inserts-measured.md).
-- Measured with track_functions on PostgreSQL 15 over 7,335 inserts: the calendar's day check read every
-- request of the booked day (178 µs a call, growing with the requests), and two small functions the
-- triggers and check constraints call three times an insert were run as functions of their own instead
-- of being folded into the expression that calls them (27 and 56 µs a call). Rules and results unchanged.

-- 1. The day check (private.day_unavailable) counts the day's confirmed bookings. With only the
--    (booking_date) index it read every request for that day, so each insert cost more as requests
--    piled up. An index of the confirmed ones alone keeps it to the few that count.
create index bookings_confirmed_day_idx on public.bookings (booking_date) where status = 'confirmed';

-- 2. A SQL function with a `set` clause is never inlined: every call saves and restores the setting
--    and runs the function's own executor. Without it, and with every name it uses written with its
--    schema (pg_catalog is searched first anyway), PostgreSQL folds the body into the caller. The
--    pattern is the same text as EMAIL_ADDRESS_PATTERN in web/app/lib/email-address.ts.
create or replace function private.is_email_address(address text) returns boolean
language sql
immutable
parallel safe
as $$
  select address is not null
     and pg_catalog.length(address) <= 254
     and address operator(pg_catalog.~) '^([A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z][A-Za-z]+$'
$$;

-- 3. A function with a FROM clause is never inlined either: the same mailbox, as one expression.
--    The expression index outbox_visitor_mailbox_idx keeps its entries: every address maps as before.
create or replace function private.mailbox(p_address text) returns text
language sql
immutable
parallel safe
as $$
  select case
           when pg_catalog.split_part(pg_catalog.lower(p_address), '@', 2) operator(pg_catalog.=) any (array['gmail.com', 'googlemail.com'])
             then pg_catalog.replace(pg_catalog.split_part(pg_catalog.split_part(pg_catalog.lower(p_address), '@', 1), '+', 1), '.', '')
                  operator(pg_catalog.||) '@gmail.com'
           else pg_catalog.split_part(pg_catalog.split_part(pg_catalog.lower(p_address), '@', 1), '+', 1)
                operator(pg_catalog.||) '@'
                operator(pg_catalog.||) pg_catalog.split_part(pg_catalog.lower(p_address), '@', 2)
         end
$$;

-- 4. A SQL function that cannot be inlined (these are security definer, to read what the caller's
--    role may not) plans its query again in every statement that calls it: 150 µs of the day check's
--    cost was planning. In PL/pgSQL the same query keeps its plan for the connection's life. The
--    queries are the same text as before; only the language around them changed.
create or replace function private.day_unavailable(p_day date, p_except uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select case
      when exists (select 1 from public.blocked_dates b where b.starts_on <= p_day and b.ends_on >= p_day) then 'blocked'
      when s.closed_weekday is not null and extract(isodow from p_day)::integer = s.closed_weekday then 'closed'
      when (select count(*) from public.bookings k
             where k.booking_date = p_day and k.status = 'confirmed' and k.id is distinct from p_except)
           >= s.capacity_per_day then 'full'
    end
    from public.calendar_settings s
  );
end
$$;

create or replace function private.business_day(p_at timestamptz) returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select (p_at at time zone s.time_zone)::date from public.calendar_settings s);
end
$$;

-- Every owner-only policy asks this once per statement.
create or replace function private.is_owner() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select exists (
      select 1 from public.user_roles r
       where r.user_id = (select auth.uid()) and r.role = 'owner'
    )
    and (
      coalesce((select auth.jwt()) ->> 'session_id', '') = ''
      or exists (
        select 1 from auth.sessions s
         where s.id = case when (select auth.jwt()) ->> 'session_id' ~ '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$'
                           then ((select auth.jwt()) ->> 'session_id')::uuid end
           and s.user_id = (select auth.uid())
      )
    )
  );
end
$$;
