-- A new booking's e-mails in one statement.
--
-- private.bookings_outbox() wrote a new booking's two messages through private.outbox_put and
-- private.new_mail_action_token: three calls of security-definer functions with their own
-- search_path, each a separate plan and a setting saved and restored. Measured on PostgreSQL 15,
-- that was about 180 µs of the 205 µs a booking insert cost in the database, and it halved the
-- inserts per second the server could take (docs/decisions/0014-booking-insert-throughput.md).
--
-- The insert branch now creates the confirm token and both outbox rows itself, with the same keys,
-- payloads and token as before: the key's last part is still one more than the messages of that
-- event this booking already has (none, unless a booking id is used again). Status changes keep
-- going through private.outbox_put, as they are rare.

create or replace function private.bookings_outbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  payload jsonb := jsonb_build_object(
    'id', new.id, 'created_at', new.created_at, 'name', new.name, 'email', new.email, 'phone', new.phone,
    'booking_date', new.booking_date, 'booking_time', new.booking_time, 'guests', new.guests,
    'service_type', new.service_type, 'location', new.location, 'message', new.message,
    'status', new.status, 'status_reason', new.status_reason
  );
  token text;
  calendar_changes integer;
begin
  if tg_op = 'INSERT' then
    -- As private.new_mail_action_token: 256 bits from two random UUIDs' 244, hashed; the table
    -- keeps the token's hash, the chef's message the token.
    token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
    insert into private.mail_action_tokens (token_hash, action, subject_id, expires_at)
    values (sha256(convert_to(token, 'UTF8')), 'confirm_booking', new.id, now() + interval '7 days');

    insert into public.outbox (idempotency_key, event, recipient, subject_id, payload)
    select format('%s.%s.%s.%s', replace(m.event, '_', '-'), new.id, m.kind,
                  1 + (select count(*) from public.outbox o
                        where o.subject_id = new.id and o.event = m.event and o.recipient = m.recipient)),
           m.event, m.recipient, new.id, m.payload
      from (values
        ('booking_received', 'owner', 'owner', payload || jsonb_build_object('confirm_token', token)),
        ('booking_acknowledged', new.email, 'visitor', payload)
      ) as m (event, recipient, kind, payload)
    on conflict (idempotency_key) do nothing;
    return null;
  end if;

  if new.status is not distinct from old.status then
    return null;
  end if;

  -- The calendar event's SEQUENCE: how many invitations and cancellations this booking already had.
  select count(*) into calendar_changes from public.outbox o
   where o.subject_id = new.id and o.payload ? 'calendar';

  if new.status = 'confirmed' then
    perform private.outbox_put('booking_confirmed', new.id, new.email,
      payload || jsonb_build_object('calendar', jsonb_build_object('method', 'REQUEST', 'sequence', calendar_changes)),
      'visitor');
  elsif new.status = 'declined' then
    perform private.outbox_put('booking_declined', new.id, new.email, payload, 'visitor');
  elsif new.status = 'cancelled' then
    perform private.outbox_put('booking_cancelled', new.id, new.email,
      case when old.status = 'confirmed'
        then payload || jsonb_build_object('calendar', jsonb_build_object('method', 'CANCEL', 'sequence', calendar_changes))
        else payload
      end,
      'visitor');
  end if;
  return null;
end
$$;

-- The key's format, checked without a counted repetition: PostgreSQL's regular expressions expand
-- `{1,200}` into 200 states, which cost about 37 µs per row checked; `+` and a length check say the
-- same for about 1 µs.
alter table public.outbox
  drop constraint outbox_idempotency_key_format,
  add constraint outbox_idempotency_key_format
    check (length(idempotency_key) between 1 and 200 and idempotency_key ~ '^[a-z0-9._-]+$');
