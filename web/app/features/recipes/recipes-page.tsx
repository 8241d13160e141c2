import { memo, useDeferredValue, useState } from 'react';
import type { Recipe, RecipeCategory } from '@content/recipe-schema.ts';
import { recipesPage } from '@content/recipe-pages.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { href } from '~/paths.ts';
import { CategoryFilter } from './category-filter.tsx';
import { RecipeCard } from './recipe-card.tsx';
import { FeaturedRecipe } from './featured-recipe.tsx';

type Filter = 'all' | RecipeCategory;

/** A card renders again only when its recipe changes, never because the filter did. */
const GridCard = memo(RecipeCard);

/**
 * The category filter and the grid it filters. Every card is rendered once, with the page; the
 * filter only hides the cards of other categories (`hidden`: out of the layout and of the
 * accessibility tree), so a tap renders no card and builds no element. The pressed button paints at
 * once; the grid and its count follow in a deferred render (useDeferredValue), which React may
 * interrupt (docs/decisions/0032-community-list-and-recipe-taps.md).
 */
function RecipeGrid({ recipes }: { recipes: readonly Recipe[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const shownFilter = useDeferredValue(filter);
  const matches = (recipe: Recipe) => shownFilter === 'all' || recipe.category === shownFilter;
  const count = recipes.filter(matches).length;
  return (
    <div className="mx-auto w-full max-w-6xl px-5 pb-16 sm:px-6">
      <CategoryFilter
        label={recipesPage.filterLabel}
        options={recipesPage.filters}
        value={filter}
        onChange={setFilter}
      />
      <p role="status" className="mt-5 text-center text-sm text-muted">
        {count === 1 ? '1 recipe' : `${count} recipes`}
      </p>
      <ul aria-label="Recipes" hidden={!count} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {recipes.map((recipe, i) => (
          <li key={recipe.id} hidden={!matches(recipe)}>
            {/* Only the first photo is fetched eagerly at high priority: on a phone it is the only
                one in view, and every byte more before the first paint delays it (decision 0005). */}
            <GridCard recipe={recipe} priority={i === 0} />
          </li>
        ))}
      </ul>
      {!count && <p className="mt-10 text-center text-sand">{recipesPage.emptyState}</p>}
    </div>
  );
}

/** /recipes: the category filter over the grid of the published recipes, the featured recipe, and where to go next. */
export function RecipesPage({ recipes }: { recipes: readonly Recipe[] }) {
  // The featured recipe while it is published and shown; else the block is left out.
  const featured = recipes.find((r) => r.id === recipesPage.featured.recipeId);
  const { closing } = recipesPage;
  return (
    <>
      <PageBackground image="bgRecipes" opacity="soft" />
      <PageHeading eyebrow={recipesPage.eyebrow} title={recipesPage.title} lead={recipesPage.lead} />
      <RecipeGrid recipes={recipes} />
      {featured && <FeaturedRecipe recipe={featured} />}
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
