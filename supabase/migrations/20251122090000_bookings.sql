-- Booking requests sent from /book-now. Anyone may send one; only the service role reads them.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  phone text not null,
  booking_date date not null,
  booking_time time not null,
  guests integer not null,
  service_type text not null,
  location text not null,
  message text,
  status text not null default 'new',
  -- Sent by the form once per booking attempt: a retried or double-clicked insert conflicts (409)
  -- instead of storing the request twice.
  idempotency_key uuid unique,

  -- "Not blank" means at least one character that is not white space.
  constraint bookings_name_length check (name ~ '[^[:space:]]' and length(name) <= 120),
  constraint bookings_email_format check (
    length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint bookings_phone_length check (phone ~ '[^[:space:]]' and length(phone) <= 40),
  constraint bookings_guests_range check (guests between 1 and 100),
  constraint bookings_service_type_known check (
    service_type in (
      'Private Chef Service',
      'Event Catering',
      'Cooking Class',
      'Meal Prep Service',
      'Menu Consultation',
      'Personal Chef Training'
    )
  ),
  constraint bookings_location_length check (location ~ '[^[:space:]]' and length(location) <= 300),
  constraint bookings_message_length check (message is null or length(message) <= 5000),
  constraint bookings_status_known check (
    status in ('new', 'contacted', 'confirmed', 'completed', 'cancelled')
  )
);

create index bookings_created_at_idx on public.bookings (created_at desc);

-- A request for a day already gone is refused when it is sent; later updates of old rows are not.
-- One day of grace: the visitor's "today" may be the database's yesterday (time zones).
create function public.bookings_date_not_past() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.booking_date < current_date - 1 then
    raise exception using
      errcode = 'check_violation',
      message = 'booking_date must not be in the past',
      detail = format('booking_date %s is before today', new.booking_date),
      hint = 'Choose today or a later date.';
  end if;
  return new;
end
$$;

create trigger bookings_date_not_past
  before insert on public.bookings
  for each row execute function public.bookings_date_not_past();

alter table public.bookings enable row level security;

revoke all on table public.bookings from anon, authenticated;
grant insert (
  name, email, phone, booking_date, booking_time, guests, service_type, location, message,
  idempotency_key
) on table public.bookings to anon, authenticated;
grant all on table public.bookings to service_role;

create policy "Visitors can send a booking request"
  on public.bookings for insert
  to anon, authenticated
  with check (status = 'new');
