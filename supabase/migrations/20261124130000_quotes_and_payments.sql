-- Quotes the client accepts online, deposits and balances, payments the chef records
-- (docs/decisions/0022-quotes-and-payments.md).
--
-- - public.quote_settings: one row (currency, tax rate, deposit percent, when deposit and balance are
--   due, how long a quote stays open, the default terms). Seeded with the values of content/quotes.ts
--   (a server test checks they agree); the owner may change them. "Today" is the business's day in
--   the calendar's time zone (private.business_day of 20261124120000_calendar.sql).
-- - public.quotes and public.quote_lines: the chef's quote for a booking. Every amount a quote
--   shows is computed here, by private.quote_compute() in integer cents, and nowhere else.
--   A draft is edited freely; sending it (status 'sent') locks it; a change is a new version
--   (public.revise_quote) and every older open version becomes 'replaced'.
-- - Sending makes a random link token (only its SHA-256 kept, as the confirm links of
--   20261123110100_mail_actions.sql), puts the client's e-mail in the outbox and moves the booking to
--   the new status 'quoted'. The client's page (/quote) reads the quote with describe_quote (changes
--   nothing) and acts with accept_quote or request_quote_changes (POSTs, security definer, acting on
--   the one quote the token names).
-- - public.payments: what the chef received. A receipt goes to the client for each; the view
--   public.booking_balances says per accepted quote what is paid, outstanding and late; reminders
--   (balance soon due to the client, deposit late to the chef) are added by
--   private.payments_enqueue_reminders(), called by the outbox senders with the other reminders.

-- ── Settings ──────────────────────────────────────────────────────────────────────────────────

create table public.quote_settings (
  id boolean primary key default true,
  currency text not null default 'USD',
  -- Basis points: 800 = 8.00 %.
  tax_rate_bp integer not null default 0,
  deposit_percent integer not null default 30,
  deposit_due_days integer not null default 7,
  balance_due_days_before integer not null default 7,
  balance_reminder_days integer not null default 3,
  quote_valid_days integer not null default 14,
  terms text not null,
  updated_at timestamptz not null default now(),
  constraint quote_settings_one_row check (id),
  constraint quote_settings_currency_format check (currency ~ '^[A-Z]{3}$'),
  constraint quote_settings_tax_range check (tax_rate_bp between 0 and 5000),
  constraint quote_settings_deposit_range check (deposit_percent between 0 and 100),
  constraint quote_settings_days_range check (
    deposit_due_days between 0 and 365 and balance_due_days_before between 0 and 365
    and balance_reminder_days between 1 and 60 and quote_valid_days between 1 and 365
  ),
  constraint quote_settings_terms_length check (terms ~ '[^[:space:]]' and length(terms) <= 10000)
);

create function private.quote_settings_touch() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger quote_settings_touch
  before update on public.quote_settings
  for each row execute function private.quote_settings_touch();

-- The values of content/quotes.ts (quoteDefaults).
insert into public.quote_settings (currency, tax_rate_bp, deposit_percent, deposit_due_days, balance_due_days_before,
                                   balance_reminder_days, quote_valid_days, terms)
values ('USD', 0, 30, 7, 7, 3, 14,
  'The deposit holds your date and is not refundable within 14 days of the event. The balance is due before the event as shown above. '
  || 'Cancellations more than 14 days before the event receive the deposit back less $50. '
  || 'The guest count can change until the balance is due; the final invoice follows it. '
  || 'Please tell us about every allergy and dietary need: we plan the menu around them.');

alter table public.quote_settings enable row level security;
revoke all on table public.quote_settings from public, anon, authenticated;
grant select on table public.quote_settings to authenticated;
grant update (currency, tax_rate_bp, deposit_percent, deposit_due_days, balance_due_days_before,
              balance_reminder_days, quote_valid_days, terms) on table public.quote_settings to authenticated;
grant all on table public.quote_settings to service_role;

create policy "The owner can read the quote settings"
  on public.quote_settings for select to authenticated using ((select private.is_owner()));
create policy "The owner can change the quote settings"
  on public.quote_settings for update to authenticated
  using ((select private.is_owner())) with check ((select private.is_owner()));

-- Today where the business is (the calendar's time zone, the one setting): due dates, expiry and
-- lateness use it.
create function private.business_today() returns date
language sql
stable
security definer
set search_path = ''
as $$
  select private.business_day(now())
$$;

-- ── Bookings gain the status 'quoted' ─────────────────────────────────────────────────────────

alter table public.bookings drop constraint bookings_status_known;
alter table public.bookings
  add constraint bookings_status_known check (
    status in ('new', 'contacted', 'quoted', 'confirmed', 'completed', 'declined', 'cancelled')
  );

-- Replaces the function of 20261123100100_bookings_console.sql: the same rules, plus 'quoted'
-- (a quote was sent: new or contacted → quoted → confirmed, declined, cancelled, or back to contacted).
create or replace function private.bookings_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if not (
      (old.status = 'new' and new.status in ('contacted', 'quoted', 'confirmed', 'declined', 'cancelled'))
      or (old.status = 'contacted' and new.status in ('quoted', 'confirmed', 'declined', 'cancelled'))
      or (old.status = 'quoted' and new.status in ('contacted', 'confirmed', 'declined', 'cancelled'))
      or (old.status = 'confirmed' and new.status in ('completed', 'cancelled'))
      or (old.status in ('declined', 'cancelled') and new.status = 'contacted')
    ) then
      raise exception using
        errcode = 'check_violation',
        message = format('A booking cannot go from %s to %s', old.status, new.status),
        hint = 'new → contacted → quoted → confirmed → completed, or declined / cancelled with a reason.';
    end if;
    if new.status in ('declined', 'cancelled') then
      if new.status_reason is null or new.status_reason !~ '[^[:space:]]' then
        raise exception using
          errcode = 'check_violation',
          message = format('A reason is required to mark a booking %s', new.status),
          hint = 'Send status_reason with the new status.';
      end if;
    else
      new.status_reason := null;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- ── Quotes ────────────────────────────────────────────────────────────────────────────────────

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  version integer not null,
  status text not null default 'draft',
  replaced_by uuid references public.quotes (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  -- What the chef writes.
  -- The menu: [{"course": "Starter", "dish": "Seared scallops", "recipe": "slug or null"}, …]
  menu jsonb not null default '[]'::jsonb,
  pricing text not null default 'per_guest',
  price_cents integer not null default 0,
  guests integer not null,
  travel_fee_cents integer not null default 0,
  discount_cents integer not null default 0,
  deposit_percent integer not null,
  deposit_due_on date,
  balance_due_on date,
  expires_on date,
  terms text not null,
  note text,

  -- From the settings when the quote is made (not editable per quote).
  currency text not null,
  tax_rate_bp integer not null,

  -- Computed by private.quote_compute(); nobody writes them.
  base_cents bigint not null default 0,
  lines_cents bigint not null default 0,
  subtotal_cents bigint not null default 0,
  discount_applied_cents bigint not null default 0,
  tax_cents bigint not null default 0,
  total_cents bigint not null default 0,
  deposit_cents bigint not null default 0,
  balance_cents bigint not null default 0,

  -- The life of a sent quote.
  sent_at timestamptz,
  accepted_at timestamptz,
  accepted_name text,
  accepted_dietary text,
  -- Exactly what was accepted: version, every amount, the lines, the menu and the terms.
  acceptance jsonb,
  withdrawn_at timestamptz,
  changes_requested_at timestamptz,
  change_requests integer not null default 0,

  constraint quotes_version_unique unique (booking_id, version),
  constraint quotes_status_known check (status in ('draft', 'sent', 'accepted', 'replaced', 'withdrawn')),
  constraint quotes_pricing_known check (pricing in ('per_guest', 'fixed')),
  constraint quotes_menu_shape check (jsonb_typeof(menu) = 'array' and jsonb_array_length(menu) <= 30 and length(menu::text) <= 20000),
  constraint quotes_price_range check (price_cents between 0 and 100000000),
  constraint quotes_guests_range check (guests between 1 and 1000),
  constraint quotes_travel_range check (travel_fee_cents between 0 and 10000000),
  constraint quotes_discount_range check (discount_cents between 0 and 100000000),
  constraint quotes_deposit_range check (deposit_percent between 0 and 100),
  constraint quotes_tax_range check (tax_rate_bp between 0 and 5000),
  constraint quotes_currency_format check (currency ~ '^[A-Z]{3}$'),
  constraint quotes_terms_length check (terms ~ '[^[:space:]]' and length(terms) <= 10000),
  constraint quotes_note_length check (note is null or length(note) <= 5000)
);

create index quotes_booking_idx on public.quotes (booking_id, version desc);

create table public.quote_lines (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references public.quotes (id) on delete cascade,
  position integer not null default 0,
  description text not null,
  -- per_person: unit × guests (the quote's, unless a quantity is given); per_hour: unit × hours;
  -- fixed: unit × quantity (1 unless given).
  unit text not null,
  unit_cents integer not null,
  quantity integer not null default 1,
  amount_cents bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint quote_lines_unit_known check (unit in ('per_person', 'per_hour', 'fixed')),
  constraint quote_lines_description_length check (description ~ '[^[:space:]]' and length(description) <= 300),
  constraint quote_lines_unit_range check (unit_cents between 0 and 10000000),
  constraint quote_lines_quantity_range check (quantity between 0 and 1000),
  constraint quote_lines_position_range check (position between 0 and 1000)
);

create index quote_lines_quote_idx on public.quote_lines (quote_id, position);

-- The one place a quote's amounts are computed, in integer cents:
--   base      = price × guests (per guest) or price (fixed)
--   lines     = Σ unit × quantity
--   subtotal  = base + lines + travel fee
--   discount  = the discount, at most the subtotal
--   tax       = (subtotal − discount) × rate, rounded half up to the cent
--   total     = subtotal − discount + tax
--   deposit   = total × deposit percent, rounded half up to the cent;  balance = total − deposit
create function private.quote_compute(q public.quotes) returns public.quotes
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  taxable bigint;
begin
  q.base_cents := case when q.pricing = 'per_guest' then q.price_cents::bigint * q.guests else q.price_cents::bigint end;
  select coalesce(sum(l.amount_cents), 0) into q.lines_cents from public.quote_lines l where l.quote_id = q.id;
  q.subtotal_cents := q.base_cents + q.lines_cents + q.travel_fee_cents;
  q.discount_applied_cents := least(q.discount_cents::bigint, q.subtotal_cents);
  taxable := q.subtotal_cents - q.discount_applied_cents;
  q.tax_cents := (taxable * q.tax_rate_bp + 5000) / 10000;
  q.total_cents := taxable + q.tax_cents;
  q.deposit_cents := (q.total_cents * q.deposit_percent + 50) / 100;
  q.balance_cents := q.total_cents - q.deposit_cents;
  return q;
end
$$;

-- A new quote: the next version for its booking, the settings' defaults, a draft. The booking row
-- is locked so two new quotes for one booking get different versions.
create function private.quotes_before_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.quote_settings;
  b public.bookings;
begin
  select * into s from public.quote_settings where id;
  select * into b from public.bookings where id = new.booking_id for update;
  if b.id is null then
    raise exception using errcode = 'foreign_key_violation', message = 'This booking does not exist.';
  end if;
  if exists (select 1 from public.quotes q where q.booking_id = b.id and q.status = 'accepted') then
    raise exception using errcode = 'check_violation', message = 'This booking already has an accepted quote.';
  end if;
  if b.status not in ('new', 'contacted', 'quoted') then
    raise exception using errcode = 'check_violation',
      message = format('Only an open booking request can be quoted (this one is %s).', b.status);
  end if;
  new.version := 1 + coalesce((select max(q.version) from public.quotes q where q.booking_id = b.id), 0);
  new.status := 'draft';
  new.currency := s.currency;
  new.tax_rate_bp := s.tax_rate_bp;
  new.guests := coalesce(new.guests, b.guests);
  new.deposit_percent := coalesce(new.deposit_percent, s.deposit_percent);
  new.terms := coalesce(nullif(trim(new.terms), ''), s.terms);
  new.balance_due_on := coalesce(new.balance_due_on, b.booking_date - s.balance_due_days_before);
  new.sent_at := null;
  new.accepted_at := null;
  new.accepted_name := null;
  new.accepted_dietary := null;
  new.acceptance := null;
  new.withdrawn_at := null;
  new.replaced_by := null;
  new.changes_requested_at := null;
  new.change_requests := 0;
  new.created_at := now();
  new.updated_at := now();
  return private.quote_compute(new);
end
$$;

create trigger quotes_before_insert
  before insert on public.quotes
  for each row execute function private.quotes_before_insert();

-- Every older open version of the booking is replaced by the new one.
create function private.quotes_after_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('app.quote_action', 'system', true);
  update public.quotes set status = 'replaced', replaced_by = new.id
   where booking_id = new.booking_id and id <> new.id and status in ('draft', 'sent');
  perform set_config('app.quote_action', '', true);
  return null;
end
$$;

create trigger quotes_after_insert
  after insert on public.quotes
  for each row execute function private.quotes_after_insert();

-- Before an update: a draft may change (amounts recomputed); a sent quote is locked, only its status
-- moves (withdrawn by the owner; accepted or replaced by the functions below, which say so with
-- the transaction-local setting app.quote_action).
create function private.quotes_before_update() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.quote_settings;
  system boolean := coalesce(current_setting('app.quote_action', true), '') = 'system';
  today date := private.business_today();
begin
  -- Never written from outside.
  new.id := old.id;
  new.booking_id := old.booking_id;
  new.version := old.version;
  new.currency := old.currency;
  new.tax_rate_bp := old.tax_rate_bp;
  new.created_at := old.created_at;
  if not system then
    new.replaced_by := old.replaced_by;
    new.sent_at := old.sent_at;
    new.accepted_at := old.accepted_at;
    new.accepted_name := old.accepted_name;
    new.accepted_dietary := old.accepted_dietary;
    new.acceptance := old.acceptance;
    new.withdrawn_at := old.withdrawn_at;
    new.changes_requested_at := old.changes_requested_at;
    new.change_requests := old.change_requests;
  end if;

  if old.status <> 'draft' then
    if (new.menu, new.pricing, new.price_cents, new.guests, new.travel_fee_cents, new.discount_cents,
        new.deposit_percent, new.deposit_due_on, new.balance_due_on, new.expires_on, new.terms, new.note)
       is distinct from
       (old.menu, old.pricing, old.price_cents, old.guests, old.travel_fee_cents, old.discount_cents,
        old.deposit_percent, old.deposit_due_on, old.balance_due_on, old.expires_on, old.terms, old.note) then
      raise exception using errcode = 'check_violation',
        message = 'This quote was sent and can no longer be changed. Make a new version instead.';
    end if;
  end if;

  if new.status is distinct from old.status then
    if not (
      (old.status = 'draft' and new.status = 'sent')
      or (old.status = 'sent' and new.status = 'withdrawn')
      or (system and old.status in ('draft', 'sent') and new.status = 'replaced')
      or (system and old.status = 'sent' and new.status = 'accepted')
    ) then
      raise exception using errcode = 'check_violation',
        message = format('A quote cannot go from %s to %s', old.status, new.status),
        hint = 'draft → sent → accepted (by the client) or withdrawn; a new version replaces it.';
    end if;
    if new.status = 'withdrawn' then
      new.withdrawn_at := now();
    end if;
    if new.status = 'sent' then
      select * into s from public.quote_settings where id;
      new.sent_at := now();
      new.expires_on := coalesce(new.expires_on, today + s.quote_valid_days);
      new.deposit_due_on := coalesce(new.deposit_due_on, greatest(today, least(today + s.deposit_due_days, new.balance_due_on)));
      if new.expires_on < today then
        raise exception using errcode = 'check_violation', message = 'The quote would expire before it is sent: choose a later expiry date.';
      end if;
      if new.deposit_due_on > new.balance_due_on then
        raise exception using errcode = 'check_violation', message = 'The deposit must be due on or before the day the balance is due.';
      end if;
    end if;
  end if;

  new.updated_at := now();
  new := private.quote_compute(new);
  if new.status = 'sent' and old.status = 'draft' and new.total_cents <= 0 then
    raise exception using errcode = 'check_violation', message = 'A quote needs a price before it is sent.';
  end if;
  return new;
end
$$;

create trigger quotes_before_update
  before update on public.quotes
  for each row execute function private.quotes_before_update();

-- Only drafts are deleted (a sent quote is withdrawn, so its link can say so).
create function private.quotes_before_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status <> 'draft' and pg_trigger_depth() = 1 then
    raise exception using errcode = 'check_violation', message = 'Only a draft quote can be deleted; withdraw a sent one.';
  end if;
  return old;
end
$$;

create trigger quotes_before_delete
  before delete on public.quotes
  for each row execute function private.quotes_before_delete();

-- Lines: only a draft's change; each line's amount computed; the quote's totals follow.
create function private.quote_lines_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  q public.quotes;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select * into q from public.quotes where id = old.quote_id;
    -- A line removed with its quote or booking (a cascade, one trigger deeper) is not a change.
    if q.id is not null and q.status <> 'draft' and not (tg_op = 'DELETE' and pg_trigger_depth() > 1) then
      raise exception using errcode = 'check_violation',
        message = 'This quote was sent and can no longer be changed. Make a new version instead.';
    end if;
    if tg_op = 'DELETE' then
      return old;
    end if;
    new.quote_id := old.quote_id;
  end if;
  select * into q from public.quotes where id = new.quote_id;
  if q.id is not null and q.status <> 'draft' then
    raise exception using errcode = 'check_violation',
      message = 'This quote was sent and can no longer be changed. Make a new version instead.';
  end if;
  new.amount_cents := new.unit_cents::bigint * new.quantity;
  return new;
end
$$;

create trigger quote_lines_before_write
  before insert or update or delete on public.quote_lines
  for each row execute function private.quote_lines_before_write();

create function private.quote_lines_after_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Touching the quote recomputes its amounts (private.quotes_before_update).
  update public.quotes set updated_at = now()
   where id in (
     select x.quote_id from (values (case when tg_op <> 'INSERT' then old.quote_id end),
                                    (case when tg_op <> 'DELETE' then new.quote_id end)) as x (quote_id)
      where x.quote_id is not null
   ) and status = 'draft';
  return null;
end
$$;

create trigger quote_lines_after_write
  after insert or update or delete on public.quote_lines
  for each row execute function private.quote_lines_after_write();

alter table public.quotes enable row level security;
alter table public.quote_lines enable row level security;
revoke all on table public.quotes from public, anon, authenticated;
revoke all on table public.quote_lines from public, anon, authenticated;
grant select, delete on table public.quotes to authenticated;
grant insert (booking_id, menu, pricing, price_cents, guests, travel_fee_cents, discount_cents, deposit_percent,
              deposit_due_on, balance_due_on, expires_on, terms, note)
  on table public.quotes to authenticated;
grant update (menu, pricing, price_cents, guests, travel_fee_cents, discount_cents, deposit_percent,
              deposit_due_on, balance_due_on, expires_on, terms, note, status)
  on table public.quotes to authenticated;
grant select, delete on table public.quote_lines to authenticated;
grant insert (quote_id, position, description, unit, unit_cents, quantity) on table public.quote_lines to authenticated;
grant update (position, description, unit, unit_cents, quantity) on table public.quote_lines to authenticated;
grant all on table public.quotes to service_role;
grant all on table public.quote_lines to service_role;

create policy "The owner can read quotes" on public.quotes for select to authenticated using ((select private.is_owner()));
create policy "The owner can write quotes" on public.quotes for insert to authenticated with check ((select private.is_owner()));
create policy "The owner can change quotes" on public.quotes for update to authenticated
  using ((select private.is_owner())) with check ((select private.is_owner()));
create policy "The owner can delete quotes" on public.quotes for delete to authenticated using ((select private.is_owner()));
create policy "The owner can read quote lines" on public.quote_lines for select to authenticated using ((select private.is_owner()));
create policy "The owner can write quote lines" on public.quote_lines for insert to authenticated with check ((select private.is_owner()));
create policy "The owner can change quote lines" on public.quote_lines for update to authenticated
  using ((select private.is_owner())) with check ((select private.is_owner()));
create policy "The owner can delete quote lines" on public.quote_lines for delete to authenticated using ((select private.is_owner()));

-- ── The client's link ─────────────────────────────────────────────────────────────────────────

create table private.quote_tokens (
  token_hash bytea primary key,
  quote_id uuid not null unique references public.quotes (id) on delete cascade,
  created_at timestamptz not null default now()
);

revoke all on table private.quote_tokens from public, anon, authenticated;

-- ── The outbox learns the new messages ────────────────────────────────────────────────────────

alter table public.outbox drop constraint outbox_event_known;
alter table public.outbox add constraint outbox_event_known check (
  event in (
    'booking_received', 'booking_acknowledged', 'booking_confirmed', 'booking_declined',
    'booking_cancelled', 'booking_reminder', 'recipe_received', 'recipe_approved',
    'recipe_reminder', 'contact_received',
    'quote_sent', 'quote_accepted', 'quote_changes_requested', 'quote_acceptance_refused',
    'payment_receipt', 'balance_reminder', 'deposit_late'
  )
);

-- What the messages about a quote say: the booking's facts and the quote's amounts and dates.
create function private.quote_payload(q public.quotes) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'quote_id', q.id, 'version', q.version, 'booking_id', b.id, 'name', b.name, 'email', b.email,
    'booking_date', b.booking_date, 'booking_time', b.booking_time, 'guests', q.guests,
    'service_type', b.service_type, 'location', b.location, 'created_at', q.created_at,
    'currency', q.currency, 'total_cents', q.total_cents, 'deposit_cents', q.deposit_cents,
    'balance_cents', q.balance_cents, 'deposit_due_on', q.deposit_due_on, 'balance_due_on', q.balance_due_on,
    'expires_on', q.expires_on
  )
    from public.bookings b where b.id = q.booking_id
$$;

-- A quote sent: its link token, the client's e-mail, the booking 'quoted'.
create function private.quotes_after_update() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text;
  b public.bookings;
begin
  if new.status = 'sent' and old.status = 'draft' then
    select * into b from public.bookings where id = new.booking_id for update;
    if b.status not in ('new', 'contacted', 'quoted') then
      raise exception using errcode = 'check_violation',
        message = format('Only an open booking request can be quoted (this one is %s).', b.status);
    end if;
    -- As private.new_mail_action_token: 256 bits from two random UUIDs' 244, hashed.
    token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
    insert into private.quote_tokens (token_hash, quote_id) values (sha256(convert_to(token, 'UTF8')), new.id);
    perform private.outbox_put('quote_sent', new.id, b.email,
      private.quote_payload(new) || jsonb_build_object('quote_token', token), 'visitor');
    if b.status <> 'quoted' then
      update public.bookings set status = 'quoted' where id = b.id;
    end if;
  end if;
  return null;
end
$$;

create trigger quotes_after_update
  after update of status on public.quotes
  for each row execute function private.quotes_after_update();

-- A new draft from a sent (or any open) quote: the same menu, amounts, terms and lines, the next
-- version; the older one is replaced at once (its link says so). Returns the new quote's id.
create function public.revise_quote(quote_id uuid) returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  q public.quotes;
  new_id uuid;
begin
  if not private.is_owner() then
    raise exception using errcode = 'insufficient_privilege', message = 'Only the owner can revise a quote.';
  end if;
  select * into q from public.quotes where id = revise_quote.quote_id;
  if q.id is null then
    raise exception using errcode = 'check_violation', message = 'This quote does not exist.';
  end if;
  if q.status not in ('draft', 'sent') then
    raise exception using errcode = 'check_violation', message = format('A quote that is %s cannot be revised.', q.status);
  end if;
  insert into public.quotes (booking_id, menu, pricing, price_cents, guests, travel_fee_cents, discount_cents,
                             deposit_percent, balance_due_on, terms, note)
  values (q.booking_id, q.menu, q.pricing, q.price_cents, q.guests, q.travel_fee_cents, q.discount_cents,
          q.deposit_percent, q.balance_due_on, q.terms, q.note)
  returning id into new_id;
  insert into public.quote_lines (quote_id, position, description, unit, unit_cents, quantity)
  select new_id, l.position, l.description, l.unit, l.unit_cents, l.quantity
    from public.quote_lines l where l.quote_id = q.id;
  return new_id;
end
$$;

create function private.quote_token_row(p_token text) returns private.quote_tokens
language sql
stable
security definer
set search_path = ''
as $$
  select t.* from private.quote_tokens t
   where p_token ~ '^[0-9a-f]{64}$' and t.token_hash = sha256(convert_to(p_token, 'UTF8'))
$$;

-- The state the client's page shows.
create function private.quote_state(q public.quotes) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when q.status = 'sent' and q.expires_on < private.business_today() then 'expired'
    when q.status = 'sent' then 'open'
    else q.status
  end
$$;

-- What the client's page shows: the quote the token names, its lines, menu, amounts, dates, terms,
-- and the booking's facts (no contact details). Changes nothing.
create function public.describe_quote(token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t private.quote_tokens := private.quote_token_row(token);
  q public.quotes;
  b public.bookings;
begin
  if t.token_hash is null then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into q from public.quotes where id = t.quote_id;
  select * into b from public.bookings where id = q.booking_id;
  if q.id is null or b.id is null then
    return jsonb_build_object('state', 'unknown');
  end if;
  return jsonb_build_object(
    'state', private.quote_state(q),
    'quote', jsonb_build_object(
      'version', q.version, 'menu', q.menu, 'pricing', q.pricing, 'price_cents', q.price_cents, 'guests', q.guests,
      'travel_fee_cents', q.travel_fee_cents, 'base_cents', q.base_cents, 'lines_cents', q.lines_cents,
      'subtotal_cents', q.subtotal_cents, 'discount_cents', q.discount_applied_cents, 'tax_rate_bp', q.tax_rate_bp,
      'tax_cents', q.tax_cents, 'total_cents', q.total_cents, 'deposit_percent', q.deposit_percent,
      'deposit_cents', q.deposit_cents, 'balance_cents', q.balance_cents, 'deposit_due_on', q.deposit_due_on,
      'balance_due_on', q.balance_due_on, 'expires_on', q.expires_on, 'currency', q.currency, 'terms', q.terms,
      'note', q.note, 'sent_at', q.sent_at, 'accepted_at', q.accepted_at, 'accepted_name', q.accepted_name,
      'lines', coalesce((
        select jsonb_agg(jsonb_build_object('description', l.description, 'unit', l.unit, 'unit_cents', l.unit_cents,
                                            'quantity', l.quantity, 'amount_cents', l.amount_cents)
                         order by l.position, l.created_at)
          from public.quote_lines l where l.quote_id = q.id), '[]'::jsonb)
    ),
    'booking', jsonb_build_object(
      'name', b.name, 'booking_date', b.booking_date, 'booking_time', b.booking_time,
      'service_type', b.service_type, 'location', b.location
    )
  );
end
$$;

-- The client accepts, once: their full name, their dietary needs and allergies ("none" is an
-- answer), and that they accept the terms shown. The booking is confirmed by updating its status,
-- so every rule on bookings applies (the transitions, and a capacity rule where one exists): if it
-- refuses, nothing is accepted, the chef is told, and the answer says why.
-- Returns {accepted: true, ...payment facts} or {accepted: false, message}; raises for a bad link,
-- a quote no longer open, or a missing answer.
create function public.accept_quote(token text, full_name text, dietary text, accept_terms boolean) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t private.quote_tokens;
  q public.quotes;
  b public.bookings;
  state text;
  refusal text;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  select * into t from private.quote_tokens where token_hash = sha256(convert_to(token, 'UTF8'));
  if t.token_hash is null then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  -- One acceptance: a second click or a second tab waits here, then finds the quote accepted.
  select * into q from public.quotes where id = t.quote_id for update;
  state := private.quote_state(q);
  if state = 'accepted' then
    raise exception using errcode = 'check_violation', message = 'This quote was already accepted.';
  elsif state = 'replaced' then
    raise exception using errcode = 'check_violation', message = 'This quote was replaced by a newer version. Please use the link in the latest e-mail.';
  elsif state = 'withdrawn' then
    raise exception using errcode = 'check_violation', message = 'This quote was withdrawn. Please contact the chef.';
  elsif state = 'expired' then
    raise exception using errcode = 'check_violation', message = 'This quote has expired. Please contact the chef for a new one.';
  elsif state <> 'open' then
    raise exception using errcode = 'check_violation', message = 'This quote cannot be accepted.';
  end if;
  if full_name is null or full_name !~ '[^[:space:]]' or length(full_name) > 120 then
    raise exception using errcode = 'check_violation', message = 'Please type your full name (at most 120 characters).';
  end if;
  if dietary is null or dietary !~ '[^[:space:]]' or length(dietary) > 2000 then
    raise exception using errcode = 'check_violation', message = 'Please state any dietary needs and allergies, or write "none" (at most 2000 characters).';
  end if;
  if accept_terms is not true then
    raise exception using errcode = 'check_violation', message = 'Please accept the terms to accept the quote.';
  end if;

  begin
    perform set_config('app.quote_action', 'system', true);
    update public.quotes
       set status = 'accepted', accepted_at = now(), accepted_name = trim(full_name), accepted_dietary = trim(dietary),
           acceptance = jsonb_build_object(
             'version', q.version, 'currency', q.currency, 'subtotal_cents', q.subtotal_cents,
             'discount_cents', q.discount_applied_cents, 'tax_cents', q.tax_cents, 'total_cents', q.total_cents,
             'deposit_cents', q.deposit_cents, 'balance_cents', q.balance_cents, 'deposit_due_on', q.deposit_due_on,
             'balance_due_on', q.balance_due_on, 'terms', q.terms, 'menu', q.menu,
             'lines', (select coalesce(jsonb_agg(jsonb_build_object('description', l.description, 'unit', l.unit,
                                                                    'unit_cents', l.unit_cents, 'quantity', l.quantity,
                                                                    'amount_cents', l.amount_cents)
                                                 order by l.position, l.created_at), '[]'::jsonb)
                         from public.quote_lines l where l.quote_id = q.id))
     where id = q.id
    returning * into q;
    perform set_config('app.quote_action', '', true);
    -- No row lock here: the update below takes the calendar's day lock before the row's, as every
    -- confirmation does (20261124120000_calendar.sql), so two paths never wait for each other.
    select * into b from public.bookings where id = q.booking_id;
    if b.status <> 'quoted' then
      raise exception using errcode = 'check_violation',
        message = format('This booking is %s and can no longer be confirmed from a quote.', b.status);
    end if;
    perform set_config('app.booking_change_via', 'quote', true);
    update public.bookings set status = 'confirmed' where id = b.id;
    perform set_config('app.booking_change_via', '', true);
  exception when check_violation or raise_exception or exclusion_violation or unique_violation then
    -- Everything in the block is undone; what is left is telling the chef.
    refusal := sqlerrm;
    perform set_config('app.quote_action', '', true);
    perform set_config('app.booking_change_via', '', true);
  end;

  if refusal is not null then
    select * into q from public.quotes where id = t.quote_id;
    perform private.outbox_put('quote_acceptance_refused', q.id, 'owner',
      private.quote_payload(q) || jsonb_build_object('accepted_name', left(trim(full_name), 120),
                                                      'dietary', left(trim(dietary), 2000), 'reason', refusal),
      'owner');
    return jsonb_build_object('accepted', false,
      'message', format('We could not confirm this date: %s. The chef has been told and will contact you.', rtrim(refusal, '.')));
  end if;

  perform private.outbox_put('quote_accepted', q.id, 'owner',
    private.quote_payload(q) || jsonb_build_object('accepted_name', q.accepted_name, 'dietary', q.accepted_dietary),
    'owner');
  return jsonb_build_object('accepted', true, 'currency', q.currency, 'total_cents', q.total_cents,
    'deposit_cents', q.deposit_cents, 'deposit_due_on', q.deposit_due_on,
    'balance_cents', q.balance_cents, 'balance_due_on', q.balance_due_on);
end
$$;

-- The client asks for changes: the chef gets the message; the quote stays open. At most 5 per quote.
create function public.request_quote_changes(token text, message text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t private.quote_tokens;
  q public.quotes;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  select * into t from private.quote_tokens where token_hash = sha256(convert_to(token, 'UTF8'));
  if t.token_hash is null then
    raise exception using errcode = 'check_violation', message = 'This link is not valid.';
  end if;
  select * into q from public.quotes where id = t.quote_id for update;
  if private.quote_state(q) <> 'open' then
    raise exception using errcode = 'check_violation', message = 'This quote is no longer open. Please contact the chef.';
  end if;
  if message is null or message !~ '[^[:space:]]' or length(message) > 2000 then
    raise exception using errcode = 'check_violation', message = 'Please write what you would like to change (at most 2000 characters).';
  end if;
  if q.change_requests >= 5 then
    raise exception using errcode = 'check_violation', message = 'You have already sent 5 requests for this quote. Please contact the chef directly.';
  end if;
  perform set_config('app.quote_action', 'system', true);
  update public.quotes set changes_requested_at = now(), change_requests = change_requests + 1 where id = q.id;
  perform set_config('app.quote_action', '', true);
  perform private.outbox_put('quote_changes_requested', q.id, 'owner',
    private.quote_payload(q) || jsonb_build_object('message', trim(message)), 'owner');
  return jsonb_build_object('sent', true);
end
$$;

-- ── Payments ──────────────────────────────────────────────────────────────────────────────────

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  kind text not null,
  amount_cents integer not null,
  received_on date not null,
  method text not null,
  note text,
  -- A card or cash-app processor's id for the payment, when one is used later.
  provider_reference text,
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid(),
  constraint payments_kind_known check (kind in ('deposit', 'balance', 'other')),
  constraint payments_amount_range check (amount_cents between 1 and 100000000),
  constraint payments_method_known check (method in ('cash_app', 'card', 'cash', 'bank_transfer', 'other')),
  constraint payments_note_length check (note is null or length(note) <= 1000),
  constraint payments_reference_length check (provider_reference is null or length(provider_reference) <= 200)
);

create index payments_booking_idx on public.payments (booking_id, received_on);
create index payments_received_on_idx on public.payments (received_on desc);

create function private.payments_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.received_on > private.business_today() + 1 then
    raise exception using errcode = 'check_violation', message = 'A payment cannot be received in the future.';
  end if;
  if tg_op = 'UPDATE' then
    new.booking_id := old.booking_id;
    new.created_at := old.created_at;
    new.created_by := old.created_by;
  else
    new.created_at := now();
    new.created_by := auth.uid();
  end if;
  return new;
end
$$;

create trigger payments_before_write
  before insert or update on public.payments
  for each row execute function private.payments_before_write();

alter table public.payments enable row level security;
revoke all on table public.payments from public, anon, authenticated;
grant select, delete on table public.payments to authenticated;
grant insert (booking_id, kind, amount_cents, received_on, method, note, provider_reference) on table public.payments to authenticated;
grant update (kind, amount_cents, received_on, method, note, provider_reference) on table public.payments to authenticated;
grant all on table public.payments to service_role;

create policy "The owner can read payments" on public.payments for select to authenticated using ((select private.is_owner()));
create policy "The owner can record payments" on public.payments for insert to authenticated with check ((select private.is_owner()));
create policy "The owner can correct payments" on public.payments for update to authenticated
  using ((select private.is_owner())) with check ((select private.is_owner()));
create policy "The owner can delete payments" on public.payments for delete to authenticated using ((select private.is_owner()));

-- Per booking with an accepted quote: what is due, paid, outstanding and late. security_invoker:
-- whoever reads it sees only what the policies of quotes and payments let them (the owner).
create view public.booking_balances with (security_invoker = true) as
  select x.*,
         greatest(x.deposit_cents - x.paid_cents, 0) as deposit_outstanding_cents,
         greatest(x.total_cents - x.paid_cents, 0) as outstanding_cents,
         (x.paid_cents < x.deposit_cents and x.deposit_due_on < private.business_today()) as deposit_late,
         (x.paid_cents < x.total_cents and x.balance_due_on < private.business_today()) as balance_late
    from (
      select q.booking_id, q.id as quote_id, q.version, q.currency, q.total_cents, q.deposit_cents, q.balance_cents,
             q.deposit_due_on, q.balance_due_on, q.accepted_at,
             coalesce((select sum(p.amount_cents) from public.payments p where p.booking_id = q.booking_id), 0)::bigint as paid_cents
        from public.quotes q
       where q.status = 'accepted'
    ) x;

revoke all on table public.booking_balances from public, anon, authenticated;
grant select on table public.booking_balances to authenticated;
grant select on table public.booking_balances to service_role;
-- The view's lateness calls private.business_today() as its reader: the owner (authenticated has
-- usage on private since 20261123100000_owner_role.sql) and the service role.
grant usage on schema private to service_role;
grant execute on function private.business_today() to authenticated, service_role;

-- A receipt to the client for each recorded payment.
create function private.payments_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  q public.quotes;
  paid bigint;
begin
  select * into b from public.bookings where id = new.booking_id;
  select * into q from public.quotes where booking_id = new.booking_id and status = 'accepted';
  select coalesce(sum(amount_cents), 0) into paid from public.payments where booking_id = new.booking_id;
  perform private.outbox_put('payment_receipt', new.id, b.email,
    jsonb_build_object(
      'payment_id', new.id, 'booking_id', b.id, 'name', b.name, 'booking_date', b.booking_date,
      'booking_time', b.booking_time, 'service_type', b.service_type, 'location', b.location, 'guests', b.guests,
      'kind', new.kind, 'amount_cents', new.amount_cents, 'received_on', new.received_on, 'method', new.method,
      'currency', coalesce(q.currency, (select s.currency from public.quote_settings s where s.id)),
      'paid_cents', paid, 'total_cents', q.total_cents,
      'outstanding_cents', case when q.id is null then null else greatest(q.total_cents - paid, 0) end,
      'balance_due_on', q.balance_due_on
    ),
    'visitor');
  return null;
end
$$;

create trigger payments_outbox
  after insert on public.payments
  for each row execute function private.payments_outbox();

-- Called by the outbox senders beside private.outbox_enqueue_reminders (server/src/mail/drain.ts):
-- one reminder to the client when a balance is due within the settings' balance_reminder_days, and
-- one to the chef when a deposit is late. Returns how many were added.
create function private.payments_enqueue_reminders() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.business_today();
  days integer := (select s.balance_reminder_days from public.quote_settings s where s.id);
  added integer;
  more integer;
begin
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select format('balance-reminder.%s.visitor.1', v.quote_id), 'balance_reminder', b.email, v.quote_id,
         private.quote_payload(q) || jsonb_build_object('paid_cents', v.paid_cents, 'outstanding_cents', v.outstanding_cents)
    from public.booking_balances v
    join public.quotes q on q.id = v.quote_id
    join public.bookings b on b.id = v.booking_id
   where b.status = 'confirmed' and v.outstanding_cents > 0
     and v.balance_due_on between today and today + days
  on conflict (idempotency_key) do nothing;
  get diagnostics added = row_count;
  insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
  select format('deposit-late.%s.owner.1', v.quote_id), 'deposit_late', 'owner', v.quote_id,
         private.quote_payload(q) || jsonb_build_object('paid_cents', v.paid_cents,
                                                        'deposit_outstanding_cents', v.deposit_outstanding_cents)
    from public.booking_balances v
    join public.quotes q on q.id = v.quote_id
    join public.bookings b on b.id = v.booking_id
   where b.status = 'confirmed' and v.deposit_late
  on conflict (idempotency_key) do nothing;
  get diagnostics more = row_count;
  return added + more;
end
$$;

-- The history's `via` learns 'quote' (the client's acceptance confirmed the booking).
alter table public.booking_status_changes drop constraint booking_status_changes_via_known;
alter table public.booking_status_changes
  add constraint booking_status_changes_via_known check (via is null or via in ('email_link', 'quote'));

revoke all on function private.quote_settings_touch() from public;
revoke all on function private.business_today() from public;
revoke all on function private.quote_compute(public.quotes) from public;
revoke all on function private.quotes_before_insert() from public;
revoke all on function private.quotes_after_insert() from public;
revoke all on function private.quotes_before_update() from public;
revoke all on function private.quotes_before_delete() from public;
revoke all on function private.quote_lines_before_write() from public;
revoke all on function private.quote_lines_after_write() from public;
revoke all on function private.quote_payload(public.quotes) from public;
revoke all on function private.quotes_after_update() from public;
revoke all on function private.quote_token_row(text) from public;
revoke all on function private.quote_state(public.quotes) from public;
revoke all on function private.payments_before_write() from public;
revoke all on function private.payments_outbox() from public;
revoke all on function private.payments_enqueue_reminders() from public;
grant execute on function private.business_today() to authenticated, service_role;
grant execute on function private.payments_enqueue_reminders() to service_role;

revoke all on function public.revise_quote(uuid) from public;
revoke all on function public.describe_quote(text) from public;
revoke all on function public.accept_quote(text, text, text, boolean) from public;
revoke all on function public.request_quote_changes(text, text) from public;
grant execute on function public.revise_quote(uuid) to authenticated;
grant execute on function public.describe_quote(text) to anon, authenticated;
grant execute on function public.accept_quote(text, text, text, boolean) to anon, authenticated;
grant execute on function public.request_quote_changes(text, text) to anon, authenticated;
