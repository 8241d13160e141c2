-- Booking requests as the owner works them: statuses new → contacted → confirmed → completed, or
-- declined / cancelled with a reason; a private note; every status change kept with who and when.

alter table public.bookings drop constraint bookings_status_known;
alter table public.bookings
  add constraint bookings_status_known check (
    status in ('new', 'contacted', 'confirmed', 'completed', 'declined', 'cancelled')
  ),
  add column status_reason text,
  add column owner_note text,
  add column updated_at timestamptz not null default now(),
  add constraint bookings_status_reason_length check (status_reason is null or length(status_reason) <= 1000),
  add constraint bookings_owner_note_length check (owner_note is null or length(owner_note) <= 5000);

-- The console's lists: by status, by event date.
create index bookings_status_created_at_idx on public.bookings (status, created_at desc);
create index bookings_booking_date_idx on public.bookings (booking_date);

create table public.booking_status_changes (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  from_status text,
  to_status text not null,
  reason text,
  changed_by uuid,
  changed_at timestamptz not null default now()
);

create index booking_status_changes_booking_id_idx on public.booking_status_changes (booking_id, changed_at);

alter table public.booking_status_changes enable row level security;
revoke all on table public.booking_status_changes from anon, authenticated;
grant select on table public.booking_status_changes to authenticated;
grant all on table public.booking_status_changes to service_role;

create policy "The owner can read the booking history"
  on public.booking_status_changes for select
  to authenticated
  using ((select private.is_owner()));

-- Before an update: the transition must be allowed, declined and cancelled need a reason, a reason
-- only stays with those two statuses, and updated_at moves.
create function private.bookings_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    -- Which status may follow which. A declined or cancelled request can be taken up again (back
    -- to contacted); a completed one is final.
    if not (
      (old.status = 'new' and new.status in ('contacted', 'confirmed', 'declined', 'cancelled'))
      or (old.status = 'contacted' and new.status in ('confirmed', 'declined', 'cancelled'))
      or (old.status = 'confirmed' and new.status in ('completed', 'cancelled'))
      or (old.status in ('declined', 'cancelled') and new.status = 'contacted')
    ) then
      raise exception using
        errcode = 'check_violation',
        message = format('A booking cannot go from %s to %s', old.status, new.status),
        hint = 'new → contacted → confirmed → completed, or declined / cancelled with a reason.';
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

create trigger bookings_before_update
  before update on public.bookings
  for each row execute function private.bookings_before_update();

-- After an insert or a status change: one history row, with the signed-in user who made it
-- (null for a visitor's request or the service role). Security definer: visitors and the owner
-- cannot write the history themselves.
create function private.bookings_record_status() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into public.booking_status_changes (booking_id, from_status, to_status, reason, changed_by)
    values (
      new.id,
      case when tg_op = 'INSERT' then null else old.status end,
      new.status,
      new.status_reason,
      (select auth.uid())
    );
  end if;
  return null;
end
$$;

revoke all on function private.bookings_before_update() from public;
revoke all on function private.bookings_record_status() from public;

create trigger bookings_record_status
  after insert or update of status on public.bookings
  for each row execute function private.bookings_record_status();

-- The owner reads every request, works its status, reason and note, and may delete one (spam).
grant select, delete on table public.bookings to authenticated;
grant update (status, status_reason, owner_note) on table public.bookings to authenticated;

create policy "The owner can read booking requests"
  on public.bookings for select
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can update booking requests"
  on public.bookings for update
  to authenticated
  using ((select private.is_owner()))
  with check ((select private.is_owner()));

create policy "The owner can delete booking requests"
  on public.bookings for delete
  to authenticated
  using ((select private.is_owner()));
