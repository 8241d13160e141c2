import type { FieldErrors, FieldValues, Resolver, ResolverError } from 'react-hook-form';
import { afterNextPaint } from './after-next-paint.ts';

/** A form resolver whose code (zod, the schema, the zod resolver) loads when it is first needed. */
export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> extends Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> {
  /**
   * Starts loading it right after the browser's next paint (called on the form's first pointerdown or
   * focus), so the first check does not wait for it and the tap's or key's own frame does not pay for it.
   */
  preload(): void;
}

/**
 * Resolves in a task of its own: between loading a form's modules and building its schema, so the
 * browser can handle a key or a tap between the two instead of after one long task.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The forms' validation without its weight at load: zod's module and the building of a schema were
 * among the longest tasks of the pages with a form (docs/decisions/0024-load-the-forms-work-when-used.md).
 * `load` imports the schema and `@hookform/resolvers/zod` and returns the resolver; it runs once, after
 * the paint that follows the form's first pointerdown or focus (`preload`), or on its first check,
 * whichever comes first (docs/decisions/0031-the-form-pages-hydrate-only-the-form.md). react-hook-form
 * calls resolvers asynchronously anyway, so the form behaves as with the resolver itself.
 *
 * When the code cannot be loaded (offline), nothing is sent: the check answers with an error on the
 * form's `root` (so react-hook-form calls no submit handler), `onSubmitBlocked` runs when it was the
 * whole form's check (a submit: the form shows its failure toast), and the next check tries the load
 * again.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
  { onSubmitBlocked }: { onSubmitBlocked?: () => void } = {},
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  let preloading = false;
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  const resolver = async (...args: Parameters<Resolver<TFieldValues, TContext, TTransformedValues>>) => {
    let resolve: Resolver<TFieldValues, TContext, TTransformedValues>;
    try {
      resolve = await get();
    } catch (error) {
      console.error('Could not load the form’s checks', error);
      // One field's check names that field; the whole form's (on submit) names every field.
      if ((args[2].names?.length ?? 2) > 1) onSubmitBlocked?.();
      const errors = {
        root: { type: 'load', message: 'The form’s checks could not be loaded.' },
      } as FieldErrors<TFieldValues>;
      return { values: {}, errors } satisfies ResolverError<TFieldValues>;
    }
    return resolve(...args);
  };
  return Object.assign(resolver, {
    preload() {
      if (preloading || loaded) return;
      preloading = true;
      afterNextPaint(() => {
        preloading = false;
        get().catch((error: unknown) => console.error('Could not load the form’s checks', error));
      });
    },
  });
}
