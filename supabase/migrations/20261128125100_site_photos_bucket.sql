-- The chef's uploaded photos (recipes, gallery, testimonials; content/editable.ts SITE_PHOTOS_BUCKET):
-- public to read, like the bundled media they stand beside; only the owner uploads, replaces or
-- removes one. Images only, 10 MB each; our server sniffs the bytes and re-encodes them without
-- metadata (server/src/storage), as for the community recipes' photos.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('site-photos', 'site-photos', true, 10485760, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

create policy "Anyone can see the site's photos"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'site-photos');

create policy "The owner uploads the site's photos"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'site-photos' and (select private.is_owner()));

create policy "The owner replaces the site's photos"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'site-photos' and (select private.is_owner()))
  with check (bucket_id = 'site-photos' and (select private.is_owner()));

create policy "The owner removes the site's photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'site-photos' and (select private.is_owner()));
