import { CookingPot } from 'lucide-react';
import { community } from '@content/community.ts';
import { ownPhotoUrl, type CommunityRecipe } from './approved-recipes.ts';

/**
 * One community recipe: photo (only from our own storage), title, description and who sent it.
 * Everything a visitor wrote is rendered as text (JSX children), never as markup.
 */
export function RecipeCard({ recipe }: { recipe: CommunityRecipe }) {
  const photo = ownPhotoUrl(recipe.image_url);
  const by = recipe.submitted_by?.trim() || community.list.anonymous;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream/10 bg-charcoal/90 shadow-lg">
      {photo ? (
        <img
          src={photo}
          alt={`Photo of ${recipe.title}`}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-smoke object-cover"
        />
      ) : (
        // No photo sent: a quiet panel keeps the grid even.
        <div className="grid aspect-[4/3] w-full place-items-center bg-gradient-to-br from-smoke to-ink text-gold/60">
          <CookingPot aria-hidden className="size-14" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-xl font-semibold break-words">{recipe.title}</h3>
        {recipe.description && <p className="break-words text-sand">{recipe.description}</p>}
        <p className="mt-auto pt-2 text-sm text-muted">
          Submitted by <span className="font-semibold text-cream">{by}</span>
        </p>
      </div>
    </article>
  );
}
