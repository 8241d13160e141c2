import { useId } from 'react';
import { isSection, type IngredientEntry, type IngredientItem } from '@content/recipe-schema.ts';
import { scaleQuantity } from './quantity.ts';

interface Group {
  section?: string;
  items: IngredientItem[];
}

/** Splits the flat ingredient list at its section headings. */
export function groupIngredients(entries: IngredientEntry[]): Group[] {
  const groups: Group[] = [];
  for (const entry of entries) {
    if (isSection(entry)) groups.push({ section: entry.section, items: [] });
    else {
      if (!groups.length) groups.push({ items: [] });
      groups[groups.length - 1].items.push(entry);
    }
  }
  return groups;
}

/**
 * The ingredients, under their section headings, with every quantity scaled from the original by
 * `servings / original`. Quantity in its own column, so amounts line up and are easy to scan.
 */
export function IngredientList({
  entries,
  servings,
  original,
}: {
  entries: IngredientEntry[];
  servings: number;
  original: number;
}) {
  const baseId = useId();
  return (
    <div className="space-y-8">
      {groupIngredients(entries).map((group, g) => {
        const headingId = `${baseId}-${g}`;
        return (
          <div key={group.section ?? g}>
            {group.section && (
              <h3 id={headingId} className="mb-3 text-sm font-semibold tracking-[0.15em] text-gold uppercase font-sans">
                {group.section}
              </h3>
            )}
            <ul aria-labelledby={group.section ? headingId : undefined} className="divide-y divide-cream/10">
              {group.items.map((item, i) => (
                <li
                  key={i}
                  className="grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-4 py-2.5 sm:grid-cols-[8.5rem_1fr]"
                >
                  <span className="font-semibold text-cream tabular-nums">
                    {scaleQuantity(item.quantity, servings, original).text}
                  </span>{' '}
                  <span className="text-sand">{item.name}</span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
