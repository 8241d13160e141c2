-- The members-only videos (/members): readable by signed-in members only, so no public file (the
-- site's JavaScript, its prerendered pages) names them. Managed by the service role (the Supabase
-- dashboard's table editor, or SQL: docs/deploy.md). Three demo rows are put in once, on a fresh
-- database; replace them with the chef's own unlisted videos.

create table public.members_videos (
  id bigint generated always as identity primary key,
  -- The video platform's id (YouTube: 11 characters), played from youtube-nocookie.com.
  video_id text not null,
  title text not null,
  description text not null,
  -- The poster: an image key of content/media.ts (the site falls back to the page's image).
  thumbnail text not null default 'membersThumb1',
  -- Cards are shown in this order.
  position integer not null default 0,
  created_at timestamptz not null default now(),

  constraint members_videos_video_id_format check (video_id ~ '^[A-Za-z0-9_-]{11}$'),
  constraint members_videos_title_length check (title ~ '[^[:space:]]' and length(title) <= 200),
  constraint members_videos_description_length check (description ~ '[^[:space:]]' and length(description) <= 2000),
  constraint members_videos_thumbnail_key check (thumbnail ~ '^[A-Za-z0-9_-]{1,100}$')
);

create index members_videos_position_idx on public.members_videos (position, id);

alter table public.members_videos enable row level security;

-- Hosted Supabase grants every new public table to anon and authenticated: take that back.
revoke all on table public.members_videos from anon, authenticated;
grant select on table public.members_videos to authenticated;
grant all on table public.members_videos to service_role;

-- A member is a signed-in user with an e-mail account; an anonymous sign-in (hosted Supabase's
-- `is_anonymous` claim) is not one.
create policy "Members can see the members videos"
  on public.members_videos for select
  to authenticated
  using (coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false) = false);

insert into public.members_videos (video_id, title, description, thumbnail, position)
values
  (
    'cF3vQm7LxW2',
    'The Signature Sauce, Step by Step',
    'The sauce behind half the menu: how to build it, balance it and keep it for a week — with the ratios the chef never writes down.',
    'membersThumb1',
    1
  ),
  (
    'pL8tRk2NwQ5',
    'Plating Like a Professional',
    'Height, colour, negative space and the one spoon technique that makes any plate look like it left a restaurant pass.',
    'membersThumb2',
    2
  ),
  (
    'bH4sYd9JmT1',
    'Behind the Scenes of a Private Dinner',
    'From the morning market run to the last course: a full private dinner for twelve, with the prep timeline that makes it work.',
    'membersThumb3',
    3
  );
