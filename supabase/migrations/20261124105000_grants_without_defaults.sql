-- Hosted Supabase has granted nothing by default to the API roles (anon, authenticated,
-- service_role) in public since 2026-10-30, and the local bootstrap now does the same
-- (docs/decisions/0018-local-behaves-like-hosted.md). Every earlier migration already grants its
-- tables and functions explicitly; this one adds what only the old default grants gave, so that a
-- project made before that date (default grants) and one made after it (none) end up the same.

-- members_videos (20261123120000): its comment says hosted grants every new public table to anon
-- and authenticated and revokes that. Under the old defaults that was so; under today's there is
-- nothing to revoke, and the table's access must come from its grants alone. They are complete
-- (authenticated may select, under its policy; the service role manages it; anon has nothing),
-- restated here so that the claim the comment makes, "take that back", holds on every project
-- whatever its defaults. Its identity sequence was the service role's by default: "managed by the
-- service role" includes setting the sequence past ids it wrote itself.
revoke all on table public.members_videos from anon, authenticated;
grant select on table public.members_videos to authenticated;
grant all on table public.members_videos to service_role;
revoke all on sequence public.members_videos_id_seq from anon, authenticated;
grant usage, select, update on sequence public.members_videos_id_seq to service_role;

comment on table public.members_videos is
  'Members-only videos: select for signed-in members (not anonymous sign-ins) under RLS; written by the service role only; nothing for anon. Access comes from explicit grants (supabase/migrations), never from default privileges.';
