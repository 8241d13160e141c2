import { community } from '@content/community.ts';
import { PageBackground } from '~/components/layout/page-background.tsx';
import { PageHeading } from '~/components/ui/page-heading.tsx';
import { SubmitRecipeForm } from '~/features/community/submit-recipe-form.tsx';
import { pageMeta } from '~/lib/seo.ts';

export const meta = () => pageMeta('submitRecipe');

/** /submit-recipe (SPEC §2): share a recipe with a photo, no account needed. */
export default function Page() {
  const { heading } = community.submit;
  return (
    <>
      <PageBackground image="bgCommunity" opacity="faint" />
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead} />
      <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        <SubmitRecipeForm />
      </div>
    </>
  );
}
