import { consoleLink, link, waited } from './text.ts';
import type { Composer } from './types.ts';

function recipeValues(
  p: { title: string; submitted_by: string | null; created_at: string },
  rowCreatedAt: string | Date,
  toOwner: boolean,
) {
  return {
    title: p.title,
    // The author's own thanks go without a name they did not give (or the database withheld).
    author: p.submitted_by || (toOwner ? 'A visitor' : ''),
    waiting: waited(p.created_at || rowCreatedAt),
  };
}

/** To the chef: a recipe sent in, or one still waiting for moderation. */
export const recipeToOwner: Composer<'recipe_received' | 'recipe_reminder'> = (
  m,
  { row, settings, texts, toOwner, subjectId },
) => {
  const p = m.payload;
  const values = recipeValues(p, row.created_at, toOwner);
  return {
    copy: m.event === 'recipe_received' ? texts.recipeReceived : texts.recipeReminder,
    values,
    details: [
      { label: texts.labels.title, value: p.title },
      ...(p.description ? [{ label: texts.labels.description, value: p.description }] : []),
      ...(m.event === 'recipe_received' && m.payload.ingredients
        ? [{ label: texts.labels.ingredients, value: m.payload.ingredients }]
        : []),
      ...(m.event === 'recipe_received' && m.payload.instructions
        ? [{ label: texts.labels.instructions, value: m.payload.instructions }]
        : []),
      { label: texts.labels.submittedBy, value: values.author },
    ],
    notes: m.event === 'recipe_received' && m.payload.author_wants_reply ? [texts.labels.authorWantsReply] : [],
    buttons: [{ label: texts.buttons.openInConsole, href: consoleLink(settings, 'recipes', subjectId) }],
  };
};

/** To the recipe's author: it is on the site. */
export const recipeApproved: Composer<'recipe_approved'> = (m, { row, settings, texts, toOwner }) => ({
  copy: texts.recipeApproved,
  values: recipeValues(m.payload, row.created_at, toOwner),
  buttons: [{ label: texts.buttons.viewRecipe, href: link(settings.siteUrl, 'community-recipes') }],
});
