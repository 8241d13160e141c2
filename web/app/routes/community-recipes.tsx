import { Trophy } from 'lucide-react';
import { community } from '@content/community.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { StaticHtml } from '~/components/layout/static-html.tsx';
import { ButtonLink } from '~/components/ui/button.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { CommunityRecipeList } from '~/features/community/community-recipe-list.tsx';
import { pageMeta } from '~/lib/seo.ts';
import { href } from '~/paths.ts';

export const meta = () => pageMeta('communityRecipes');

/**
 * /community-recipes: approved recipes from visitors, and the way to send one. Only the list
 * hydrates; the heading, the prize and the link stay the prerendered HTML (StaticHtml, decision 0019).
 */
export default function Page() {
  const { heading, prize, submitButton } = community.list;
  return (
    <>
      <StaticHtml>
        <PageBackground image="bgCommunity" opacity="soft" />
        <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      </StaticHtml>
      <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <StaticHtml>
          <div className="mx-auto mb-12 flex max-w-2xl flex-col items-center gap-5 text-center">
            <p className="flex items-center gap-2 rounded-full border border-gold/30 bg-ink/70 px-5 py-2 text-sm font-semibold text-gold">
              <Trophy aria-hidden className="size-4 shrink-0" />
              {prize}
            </p>
            <ButtonLink to={href('submitRecipe')}>{submitButton}</ButtonLink>
          </div>
        </StaticHtml>
        <CommunityRecipeList />
      </div>
    </>
  );
}
