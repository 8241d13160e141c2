import type { Recipe } from '@content/recipe-schema.ts';
import { recipesPage } from '@content/recipe-pages.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { href, recipePath } from '~/paths.ts';
import { RecipeMedia } from './recipe-media.tsx';
import { DifficultyBadge, RecipeFacts } from './recipe-facts.tsx';

/** The Featured Recipe block, always recipe 1, with Purchase The Book. */
export function FeaturedRecipe({ recipe }: { recipe: Recipe }) {
  const { featured } = recipesPage;
  return (
    <section aria-labelledby="featured-recipe" className="px-5 pb-16 sm:px-6">
      <div className="mx-auto grid max-w-6xl overflow-hidden rounded-3xl border border-gold/30 bg-charcoal/95 shadow-2xl shadow-black/40 md:grid-cols-2">
        <div className="relative aspect-[4/3] md:aspect-auto md:min-h-full">
          <RecipeMedia
            recipe={recipe}
            sizes="(min-width: 768px) 560px, 92vw"
            className="absolute inset-0 size-full object-cover"
          />
          <DifficultyBadge difficulty={recipe.difficulty} className="absolute top-4 left-4 shadow-md" />
        </div>
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <h2 id="featured-recipe" className="text-sm font-semibold tracking-[0.2em] text-gold uppercase font-sans">
            {featured.eyebrow}
          </h2>
          <h3 className="mt-3 text-3xl leading-tight font-semibold sm:text-4xl">{recipe.title}</h3>
          <p className="mt-4 text-sand sm:text-lg">{recipe.description}</p>
          <p className="mt-3 text-sand">{featured.text}</p>
          <RecipeFacts recipe={recipe} show={['time', 'servings', 'difficulty', 'rating']} className="mt-5" />
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={href('cookingBook')}>{featured.button}</ButtonLink>
            <ButtonLink to={recipePath(recipe.id)} variant="secondary">
              {recipesPage.exclusiveButton}
              <span className="sr-only">: {recipe.title}</span>
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
