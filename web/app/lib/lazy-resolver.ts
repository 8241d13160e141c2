import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver whose code (zod, the schema, the zod resolver) loads when it is first needed. */
export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> extends Resolver<TFieldValues, TContext, TTransformedValues> {
  /** Starts loading it now (on the form's first focus), so the first check does not wait for it. */
  preload(): void;
}

/**
 * The forms' validation without its weight at load: zod's module and the building of a schema were
 * among the longest tasks of the pages with a form (docs/decisions/0024-load-the-forms-work-when-used.md).
 * `load` imports the schema and `@hookform/resolvers/zod` and returns the resolver; it runs once, on
 * the form's first focus (`preload`) or its first check, whichever comes first. react-hook-form calls
 * resolvers asynchronously anyway, so the form behaves as with the resolver itself. A load that fails
 * (offline) is tried again on the next check, and the failure is the check's.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loaded: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  const resolver = async (...args: Parameters<Resolver<TFieldValues, TContext, TTransformedValues>>) => (await get())(...args);
  return Object.assign(resolver, {
    preload() {
      get().catch((error: unknown) => console.error('Could not load the form’s checks', error));
    },
  });
}
