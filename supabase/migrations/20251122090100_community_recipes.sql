-- Recipes sent by visitors from /submit-recipe. They arrive pending; only approved ones are public.

create table public.community_recipes (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  title text not null,
  description text,
  ingredients text not null,
  instructions text not null,
  submitted_by text,
  image_url text,
  status text not null default 'pending',

  -- "Not blank" means at least one character that is not white space.
  constraint community_recipes_title_length check (title ~ '[^[:space:]]' and length(title) <= 120),
  constraint community_recipes_description_length check (
    description is null or length(description) <= 1000
  ),
  constraint community_recipes_ingredients_length check (
    ingredients ~ '[^[:space:]]' and length(ingredients) <= 10000
  ),
  constraint community_recipes_instructions_length check (
    instructions ~ '[^[:space:]]' and length(instructions) <= 20000
  ),
  constraint community_recipes_submitted_by_length check (
    submitted_by is null or length(submitted_by) <= 80
  ),
  constraint community_recipes_image_url_format check (
    image_url is null or (length(image_url) <= 1000 and image_url ~* '^https?://')
  ),
  constraint community_recipes_status_known check (status in ('pending', 'approved', 'rejected'))
);

-- The public list: approved, newest first.
create index community_recipes_status_created_at_idx
  on public.community_recipes (status, created_at desc);

alter table public.community_recipes enable row level security;

revoke all on table public.community_recipes from anon, authenticated;
grant select on table public.community_recipes to anon, authenticated;
grant insert (title, description, ingredients, instructions, submitted_by, image_url, status)
  on table public.community_recipes to anon, authenticated;
grant all on table public.community_recipes to service_role;

create policy "Visitors can read approved recipes"
  on public.community_recipes for select
  to anon, authenticated
  using (status = 'approved');

create policy "Visitors can submit a recipe for review"
  on public.community_recipes for insert
  to anon, authenticated
  with check (status = 'pending');
