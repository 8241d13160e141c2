import { useId } from 'react';
import type { Recipe } from '@content/recipe-schema.ts';
import { recipesPage } from '@content/recipe-pages.ts';
import { ButtonLink } from '~/components/ui/button.tsx';
import { recipePath } from '~/paths.ts';
import { RecipeMedia } from './recipe-media.tsx';
import { DifficultyBadge, RecipeFacts } from './recipe-facts.tsx';

/**
 * One recipe in the /recipes grid: media, difficulty, title, description, time, servings,
 * rating, and the button to its page — Learn More for an exclusive recipe, View Full Recipe otherwise.
 */
export function RecipeCard({ recipe, priority = false }: { recipe: Recipe; priority?: boolean }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/90 shadow-xl shadow-black/30 backdrop-blur-sm"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-smoke">
        <RecipeMedia
          recipe={recipe}
          loop
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 92vw"
          priority={priority}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <DifficultyBadge difficulty={recipe.difficulty} className="absolute top-3 left-3 shadow-md" />
        {recipe.exclusive && (
          <span className="absolute top-3 right-3 rounded-full bg-ink/85 px-3 py-1 text-xs font-bold tracking-wide text-gold uppercase">
            Cookbook exclusive
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h2 id={titleId} className="text-xl leading-snug font-semibold sm:text-2xl">
          {recipe.title}
        </h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-sand sm:text-base">{recipe.description}</p>
        <RecipeFacts recipe={recipe} className="mt-4" />
        <ButtonLink
          to={recipePath(recipe.id)}
          variant={recipe.exclusive ? 'secondary' : 'primary'}
          className="mt-5 w-full"
        >
          {recipe.exclusive ? recipesPage.exclusiveButton : recipesPage.recipeButton}
          {/* Names the recipe for screen readers and search engines ("Learn More" alone says nothing). */}
          <span className="sr-only">: {recipe.title}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
