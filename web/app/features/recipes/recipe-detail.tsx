import { ArrowLeft, BookOpen } from 'lucide-react';
import { useState } from 'react';
import type { Recipe } from '@content/recipe-schema.ts';
import { recipePage } from '@content/recipe-pages.ts';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { href } from '~/paths.ts';
import { IngredientList } from './ingredient-list.tsx';
import { InstructionList } from './instruction-list.tsx';
import { RecipeFacts } from './recipe-facts.tsx';
import { RecipeMedia } from './recipe-media.tsx';
import { ServingsAdjuster } from './servings-adjuster.tsx';

/**
 * /recipe/{id}: media, facts and description; the cookbook panel for an exclusive recipe,
 * otherwise the servings adjuster, scaled ingredients and numbered steps. No page background.
 * Only the media (its player) and the servings adjuster with the ingredients hydrate; the rest stays
 * the prerendered HTML (StaticHtml, decision 0019).
 */
export function RecipeDetail({ recipe }: { recipe: Recipe }) {
  return (
    <article className="pb-20">
      <StaticHtml>
        <PageHeading title={recipe.title} className="pb-6" />
      </StaticHtml>
      <div className="mx-auto w-full max-w-5xl px-5 sm:px-6">
        <StaticHtml>
          <RecipeFacts
            recipe={recipe}
            show={['time', 'servings', 'difficulty', 'rating']}
            className="justify-center text-base"
          />
        </StaticHtml>
        <div className="mt-8 overflow-hidden rounded-3xl border border-cream/10 bg-smoke shadow-2xl shadow-black/40">
          <RecipeMedia
            recipe={recipe}
            controls
            priority
            sizes="(min-width: 1024px) 976px, 100vw"
            className="aspect-[16/10] w-full object-cover"
          />
        </div>
        <StaticHtml>
          <p className="mx-auto mt-8 max-w-3xl text-center text-lg leading-relaxed text-sand sm:text-xl">
            {recipe.description}
          </p>
        </StaticHtml>

        {recipe.exclusive ? (
          <StaticHtml>
            <section
              aria-labelledby="exclusive-title"
              className="mx-auto mt-12 max-w-3xl rounded-2xl border border-gold/40 bg-charcoal p-8 text-center shadow-xl sm:p-10"
            >
              <BookOpen aria-hidden="true" className="mx-auto size-10 text-gold" />
              <h2 id="exclusive-title" className="mt-4 text-2xl font-semibold sm:text-3xl">
                {recipePage.exclusive.title}
              </h2>
              <p className="mt-3 text-sand sm:text-lg">{recipePage.exclusive.text}</p>
              <ButtonLink to={href('cookingBook')} className="mt-6">
                {recipePage.exclusive.link}
              </ButtonLink>
            </section>
          </StaticHtml>
        ) : (
          <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
            <ScaledIngredients recipe={recipe} />
            <StaticHtml>
              <section aria-labelledby="instructions-title">
                <h2 id="instructions-title" className="mb-6 text-2xl font-semibold sm:text-3xl">
                  {recipePage.instructionsTitle}
                </h2>
                <InstructionList steps={recipe.instructions} />
              </section>
            </StaticHtml>
          </div>
        )}

        <StaticHtml>
          <p className="mt-14 text-center">
            <ButtonLink to={href('recipes')} variant="secondary">
              <ArrowLeft aria-hidden="true" className="size-4" />
              {recipePage.backLink}
            </ButtonLink>
          </p>
        </StaticHtml>
      </div>
    </article>
  );
}

/**
 * The servings adjuster and the ingredients it scales: the only part of the page that changes with
 * the servings, so a tap on plus or minus renders this and nothing else of the page (not the media,
 * not the static parts; docs/decisions/0032-community-list-and-recipe-taps.md).
 */
function ScaledIngredients({ recipe }: { recipe: Recipe }) {
  const [servings, setServings] = useState(recipe.servings);
  return (
    <div className="space-y-6">
      <ServingsAdjuster
        label={recipePage.servingsLabel}
        value={servings}
        original={recipe.servings}
        onChange={setServings}
      />
      <section aria-labelledby="ingredients-title">
        <h2 id="ingredients-title" className="text-2xl font-semibold sm:text-3xl">
          {recipePage.ingredientsTitle}
        </h2>
        <p className="mt-1 min-h-5 text-sm text-muted">
          {servings !== recipe.servings && recipePage.scaledNote.replace('{original}', String(recipe.servings))}
        </p>
        <div className="mt-4">
          <IngredientList entries={recipe.ingredients} servings={servings} original={recipe.servings} />
        </div>
      </section>
    </div>
  );
}
