import { Clock, Gauge, Star, Users } from 'lucide-react';
import type { Recipe } from '@content/recipe-schema.ts';
import { cn } from '~/lib/cn.ts';

type Fact = 'time' | 'servings' | 'difficulty' | 'rating';

/** Time, servings, difficulty and rating, each with an icon and words a screen reader can say. */
export function RecipeFacts({
  recipe,
  show = ['time', 'servings', 'rating'],
  className,
}: {
  recipe: Recipe;
  show?: Fact[];
  className?: string;
}) {
  const items: Record<Fact, React.ReactNode> = {
    time: (
      <>
        <Clock aria-hidden="true" className="size-4 text-gold" />
        <span className="sr-only">Time: </span>
        {recipe.time}
      </>
    ),
    servings: (
      <>
        <Users aria-hidden="true" className="size-4 text-gold" />
        {recipe.servings} {recipe.servings === 1 ? 'serving' : 'servings'}
      </>
    ),
    difficulty: (
      <>
        <Gauge aria-hidden="true" className="size-4 text-gold" />
        <span className="sr-only">Difficulty: </span>
        {recipe.difficulty}
      </>
    ),
    rating: (
      <>
        <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
        <span className="sr-only">Rated </span>
        {recipe.rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </>
    ),
  };
  return (
    <ul role="list" className={cn('flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-sand', className)}>
      {show.map((fact) => (
        <li key={fact} className="inline-flex items-center gap-1.5">
          {items[fact]}
        </li>
      ))}
    </ul>
  );
}

/** The difficulty as a small dark pill over the card's media, with a coloured dot for the level. */
export function DifficultyBadge({ difficulty, className }: { difficulty: Recipe['difficulty']; className?: string }) {
  const dot = { Easy: 'bg-herb', Medium: 'bg-gold', Hard: 'bg-tomato' }[difficulty];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 rounded-full bg-ink/85 px-3 py-1 text-xs font-bold tracking-wide text-cream uppercase backdrop-blur-sm',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', dot)} />
      <span className="sr-only">Difficulty: </span>
      {difficulty}
    </span>
  );
}
