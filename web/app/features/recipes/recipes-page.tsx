import { useState } from 'react';
import type { RecipeCategory } from '@content/recipe-schema.ts';
import { recipeById, recipes, recipesPage } from '@content/recipes.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { href } from '~/paths.ts';
import { CategoryFilter } from './category-filter.tsx';
import { RecipeCard } from './recipe-card.tsx';
import { FeaturedRecipe } from './featured-recipe.tsx';

type Filter = 'all' | RecipeCategory;

/** /recipes: the category filter over the grid, the featured recipe, and where to go next. */
export function RecipesPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? recipes : recipes.filter((recipe) => recipe.category === filter);
  const featured = recipeById(recipesPage.featured.recipeId)!;
  const { closing } = recipesPage;
  return (
    <>
      <PageBackground image="bgRecipes" opacity="soft" />
      <PageHeading eyebrow={recipesPage.eyebrow} title={recipesPage.title} lead={recipesPage.lead} />
      <div className="mx-auto w-full max-w-6xl px-5 pb-16 sm:px-6">
        <CategoryFilter label={recipesPage.filterLabel} options={recipesPage.filters} value={filter} onChange={setFilter} />
        <p role="status" className="mt-5 text-center text-sm text-muted">
          {shown.length === 1 ? '1 recipe' : `${shown.length} recipes`}
        </p>
        {shown.length ? (
          <ul aria-label="Recipes" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((recipe, i) => (
              <li key={recipe.id}>
                {/* Only the first photo is fetched eagerly at high priority: on a phone it is the only
                    one in view, and every byte more before the first paint delays it (decision 0005). */}
                <RecipeCard recipe={recipe} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 text-center text-sand">{recipesPage.emptyState}</p>
        )}
      </div>
      <FeaturedRecipe recipe={featured} />
      <section aria-labelledby="recipes-closing" className="px-5 pb-20 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-2xl border border-cream/10 bg-charcoal/90 px-6 py-12 text-center shadow-xl shadow-black/30 backdrop-blur-sm sm:px-12">
          <h2 id="recipes-closing" className="text-3xl font-semibold sm:text-4xl">
            {closing.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-sand sm:text-lg">{closing.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={href('services')}>{closing.servicesLink}</ButtonLink>
            <ButtonLink to={href('contact')} variant="secondary">
              {closing.contactLink}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
