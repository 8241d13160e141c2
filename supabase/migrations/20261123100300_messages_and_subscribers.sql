-- What the contact form and the newsletter form also deliver to the chef when content/site.ts turns
-- it on: visitors may only add; the owner reads, marks, archives and removes.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  read_at timestamptz,
  archived_at timestamptz,

  constraint contact_messages_name_length check (name ~ '[^[:space:]]' and length(name) <= 120),
  constraint contact_messages_email_format check (
    length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint contact_messages_subject_length check (subject ~ '[^[:space:]]' and length(subject) <= 200),
  constraint contact_messages_message_length check (message ~ '[^[:space:]]' and length(message) <= 5000)
);

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from anon, authenticated;
grant insert (name, email, subject, message) on table public.contact_messages to anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;
grant update (read_at, archived_at) on table public.contact_messages to authenticated;
grant all on table public.contact_messages to service_role;

create policy "Visitors can send a message"
  on public.contact_messages for insert
  to anon, authenticated
  with check (read_at is null and archived_at is null);

create policy "The owner can read messages"
  on public.contact_messages for select
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can mark and archive messages"
  on public.contact_messages for update
  to authenticated
  using ((select private.is_owner()))
  with check ((select private.is_owner()));

create policy "The owner can delete messages"
  on public.contact_messages for delete
  to authenticated
  using ((select private.is_owner()));

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  email text not null,

  constraint newsletter_subscribers_email_format check (
    length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  )
);

-- One row per address whatever its case: signing up again conflicts (409), which the site takes as
-- success.
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;
grant insert (email) on table public.newsletter_subscribers to anon, authenticated;
grant select, delete on table public.newsletter_subscribers to authenticated;
grant all on table public.newsletter_subscribers to service_role;

create policy "Visitors can subscribe to the newsletter"
  on public.newsletter_subscribers for insert
  to anon, authenticated
  with check (true);

create policy "The owner can read subscribers"
  on public.newsletter_subscribers for select
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can remove subscribers"
  on public.newsletter_subscribers for delete
  to authenticated
  using ((select private.is_owner()));
