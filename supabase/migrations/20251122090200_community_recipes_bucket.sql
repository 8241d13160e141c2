-- The public bucket for photos of community recipes: images only, 10 MB each.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'community_recipes',
  'community_recipes',
  true,
  10485760,
  array['image/png', 'image/jpeg', 'image/gif', 'image/webp']
)
on conflict (id) do nothing;

create policy "Visitors can upload recipe photos"
  on storage.objects for insert
  to anon, authenticated
  with check (bucket_id = 'community_recipes');

create policy "Anyone can see recipe photos"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'community_recipes');
