-- Moderation of community recipes by the owner: approve, reject with a reason, unpublish an approved
-- one (and approve it again). The photo of a rejected or unpublished recipe is deleted by the
-- console through the Storage API (a public bucket serves any object it holds, on hosted Supabase
-- whatever the policies say), so the owner may delete photos in the bucket.

alter table public.community_recipes drop constraint community_recipes_status_known;
alter table public.community_recipes
  add constraint community_recipes_status_known check (
    status in ('pending', 'approved', 'rejected', 'unpublished')
  ),
  add column review_reason text,
  add column reviewed_at timestamptz,
  add constraint community_recipes_review_reason_length check (
    review_reason is null or length(review_reason) <= 1000
  );

-- The moderation queue reads pending recipes oldest first; the index on (status, created_at desc)
-- serves it.

create function private.community_recipes_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if not (
      (old.status = 'pending' and new.status in ('approved', 'rejected'))
      or (old.status = 'approved' and new.status = 'unpublished')
      or (old.status = 'unpublished' and new.status = 'approved')
    ) then
      raise exception using
        errcode = 'check_violation',
        message = format('A recipe cannot go from %s to %s', old.status, new.status),
        hint = 'pending → approved or rejected; approved → unpublished → approved.';
    end if;
    if new.status = 'rejected' and (new.review_reason is null or new.review_reason !~ '[^[:space:]]') then
      raise exception using
        errcode = 'check_violation',
        message = 'A reason is required to reject a recipe',
        hint = 'Send review_reason with the new status.';
    end if;
    if new.status = 'approved' then
      new.review_reason := null;
    end if;
    new.reviewed_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.community_recipes_before_update() from public;

create trigger community_recipes_before_update
  before update on public.community_recipes
  for each row execute function private.community_recipes_before_update();

grant update (status, review_reason, image_url) on table public.community_recipes to authenticated;
grant delete on table public.community_recipes to authenticated;

create policy "The owner can read every recipe"
  on public.community_recipes for select
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can moderate recipes"
  on public.community_recipes for update
  to authenticated
  using ((select private.is_owner()))
  with check ((select private.is_owner()));

create policy "The owner can delete recipes"
  on public.community_recipes for delete
  to authenticated
  using ((select private.is_owner()));

create policy "The owner can delete recipe photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'community_recipes' and (select private.is_owner()));
