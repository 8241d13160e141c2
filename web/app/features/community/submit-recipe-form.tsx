import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { community } from '@content/community.ts';
import { Button } from '~/components/ui/button.tsx';
import {
  FormField,
  HoneypotField,
  Spinner,
  controlClass,
  honeypotValue,
  useHydrated,
} from '~/components/ui/form-field.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { href } from '~/paths.ts';
import { submitRecipe, type SubmitFailure } from './community-api.ts';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { lazyResolver } from '~/lib/lazy-resolver.ts';
import { RECIPE_LIMITS, REQUIRED_RECIPE_FIELDS } from './limits.ts';
import type { RecipeFormInput, RecipeFormValues } from './schema.ts';

const { submit: copy } = community;
// zod and the schema load on the form's first focus or check, not with the page (decision 0024).
const resolver = lazyResolver<RecipeFormInput, unknown, RecipeFormValues>(
  async () => {
    const [{ zodResolver }, { recipeFormSchema }] = await Promise.all([
      import('@hookform/resolvers/zod'),
      import('./schema.ts'),
    ]);
    return zodResolver(recipeFormSchema);
  },
  { onSubmitBlocked: () => toast({ ...copy.toasts.failure, variant: 'destructive' }) },
);
const failureToast: Record<SubmitFailure, { title: string; description: string }> = {
  'too-large': copy.toasts.tooLarge,
  'not-an-image': copy.toasts.notAnImage,
  'rate-limited': copy.toasts.tooMany,
  failed: copy.toasts.failure,
};

/**
 * /submit-recipe: no login. Blank title, ingredients or instructions give the
 * Missing Fields toast and send nothing; a failure keeps everything typed and the photo chosen.
 */
export function SubmitRecipeForm() {
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RecipeFormInput, unknown, RecipeFormValues>({
    resolver,
    // No defaultValues: whatever was typed before the page hydrated is kept (read from the inputs).
    mode: 'onTouched',
  });
  const hydrated = useHydrated();

  const onValid = async (values: RecipeFormValues, event?: React.BaseSyntheticEvent) => {
    const trap = honeypotValue(event);
    const result = await submitRecipe(values, photo, { honeypot: trap });
    if (result.ok || trap) {
      toast(copy.toasts.success);
      await navigate(href('communityRecipes'));
      return;
    }
    console.error('Recipe submission failed', result.error);
    toast({ ...failureToast[result.reason], variant: 'destructive' });
  };

  const onInvalid = (invalid: FieldErrors<RecipeFormInput>) => {
    if (REQUIRED_RECIPE_FIELDS.some((name) => invalid[name]?.type === 'too_small')) {
      toast({ ...copy.toasts.missing, variant: 'destructive' });
    }
  };

  const { labels, placeholders, hints } = copy;
  const notify = useWatch({ control, name: 'notify' });
  const error = (name: keyof RecipeFormInput) => errors[name]?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocus={resolver.preload}
      aria-label="Submit a community recipe"
      className="relative grid gap-6 rounded-2xl border border-cream/10 bg-charcoal/85 p-6 shadow-xl sm:p-8"
    >
      <FormField id="recipe-title" label={labels.title} error={error('title')}>
        {(p) => (
          <input
            {...p}
            {...register('title')}
            type="text"
            required
            maxLength={RECIPE_LIMITS.title}
            placeholder={placeholders.title}
            className={controlClass(p['aria-invalid'])}
          />
        )}
      </FormField>
      <FormField id="recipe-description" label={labels.description} optional error={error('description')}>
        {(p) => (
          <textarea
            {...p}
            {...register('description')}
            rows={3}
            maxLength={RECIPE_LIMITS.description}
            placeholder={placeholders.description}
            className={controlClass(p['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <FormField
        id="recipe-ingredients"
        label={labels.ingredients}
        hint={hints.ingredients}
        error={error('ingredients')}
      >
        {(p) => (
          <textarea
            {...p}
            {...register('ingredients')}
            rows={7}
            required
            placeholder={placeholders.ingredients}
            className={controlClass(p['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <FormField
        id="recipe-instructions"
        label={labels.instructions}
        hint={hints.instructions}
        error={error('instructions')}
      >
        {(p) => (
          <textarea
            {...p}
            {...register('instructions')}
            rows={8}
            required
            placeholder={placeholders.instructions}
            className={controlClass(p['aria-invalid'], 'resize-y')}
          />
        )}
      </FormField>
      <FormField id="recipe-name" label={labels.name} error={error('name')}>
        {(p) => (
          <input
            {...p}
            {...register('name')}
            type="text"
            autoComplete="name"
            maxLength={RECIPE_LIMITS.submittedBy}
            placeholder={placeholders.name}
            className={controlClass(p['aria-invalid'])}
          />
        )}
      </FormField>
      <div className="grid gap-4">
        <label htmlFor="recipe-notify" className="flex min-h-11 items-center gap-3 text-sm font-semibold text-sand">
          <input id="recipe-notify" type="checkbox" {...register('notify')} className="size-5 accent-gold" />
          {labels.notify}
        </label>
        {notify && (
          <FormField id="recipe-email" label={labels.email} hint={hints.email} error={error('email')}>
            {(p) => (
              <input
                {...p}
                {...register('email')}
                type="email"
                autoComplete="email"
                required
                maxLength={RECIPE_LIMITS.email}
                placeholder={placeholders.email}
                className={controlClass(p['aria-invalid'])}
              />
            )}
          </FormField>
        )}
      </div>
      <PhotoDropZone file={photo} onChange={setPhoto} disabled={!hydrated || isSubmitting} />
      <HoneypotField id="recipe-website" label={copy.honeypotLabel} />
      <Button
        type="submit"
        disabled={!hydrated || isSubmitting}
        aria-busy={isSubmitting}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {isSubmitting && <Spinner className="size-4" />}
        {copy.submitButton}
      </Button>
    </form>
  );
}
