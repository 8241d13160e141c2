import '../../lib/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { controlClass, FormField } from '~/components/ui/form-field.tsx';
import { toast } from '~/components/ui/toast-store.ts';
import { cn } from '~/lib/cn.ts';
import {
  approveRecipes,
  getRecipe,
  listRecipes,
  ownPhotoUrl,
  withdrawRecipes,
  type CommunityRecipe,
} from './console-api.ts';
import { dangerSmallButton, Pager, primarySmallButton, smallButton } from './data-table.tsx';
import { formatDateTime } from './format.ts';
import { LoadError, PanelHeader } from './panel.tsx';
import { useLinked, useLoad } from './use-load.ts';

const PAGE_SIZE = 10;
type View = 'pending' | 'approved';

/** Community recipes: the queue waiting for review (whole, with the photo) and the published ones. */
export function ModerationPanel({
  linked = null,
  onLinkedClosed,
}: { linked?: string | null; onLinkedClosed?: () => void } = {}) {
  const [view, setView] = useState<View>('pending');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [withdrawing, setWithdrawing] = useState<CommunityRecipe[] | null>(null);
  const [busy, setBusy] = useState(false);
  // The recipe a link names, shown first in its list (it may not be on the list's first page).
  const [pinned, setPinned] = useState<CommunityRecipe | null>(null);
  const { data, error, loading, reload } = useLoad(() => listRecipes(view, page, PAGE_SIZE), `${view}:${page}`);
  const listed = data?.rows ?? [];
  const rows = pinned && pinned.status === view ? [pinned, ...listed.filter((r) => r.id !== pinned.id)] : listed;
  const chosen = rows.filter((r) => selected.has(r.id));

  const unpin = () => {
    if (!pinned) return;
    setPinned(null);
    onLinkedClosed?.();
  };
  const switchView = (v: View) => {
    setView(v);
    setPage(0);
    setSelected(new Set());
    unpin();
  };
  useLinked(
    linked,
    getRecipe,
    (r) => {
      if (r.status === 'pending' || r.status === 'approved') {
        setView(r.status);
        setPage(0);
        setSelected(new Set());
        setPinned(r);
      } else {
        toast({ title: `“${r.title}” was ${r.status} already`, description: r.review_reason ?? undefined });
        onLinkedClosed?.();
      }
    },
    'recipe',
    onLinkedClosed,
  );
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const done = () => {
    setSelected(new Set());
    unpin();
    reload();
  };

  async function approve(recipes: CommunityRecipe[]) {
    setBusy(true);
    try {
      const n = await approveRecipes(recipes.map((r) => r.id));
      toast({
        title: n === 1 ? 'Recipe approved' : `${n} recipes approved`,
        description: 'They are on the community recipes page now.',
      });
      done();
    } catch (err) {
      toast({
        title: 'Not approved',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="moderation-title">
      <PanelHeader titleId="moderation-title" title="Community recipes" />
      <div role="group" aria-label="Which recipes" className="mt-4 inline-flex rounded-full border border-cream/20 p-1">
        {(['pending', 'approved'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => switchView(v)}
            className={cn(
              'min-h-11 rounded-full px-4 text-sm font-semibold',
              view === v ? 'bg-gold text-ink' : 'text-sand hover:text-cream',
            )}
          >
            {v === 'pending' ? 'Waiting for review' : 'Published'}
          </button>
        ))}
      </div>

      {error && <LoadError what="recipes" error={error} onRetry={reload} />}

      {rows.length > 0 && (
        <div className="sticky top-0 z-10 mt-4 flex flex-wrap items-center gap-2 rounded-xl border border-cream/10 bg-charcoal/95 p-3">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-gold"
              checked={chosen.length === rows.length}
              onChange={() => setSelected(chosen.length === rows.length ? new Set() : new Set(rows.map((r) => r.id)))}
            />
            Select all on this page
          </label>
          <span className="text-sm text-muted" aria-live="polite">
            {chosen.length} selected
          </span>
          {view === 'pending' ? (
            <>
              <button
                type="button"
                className={primarySmallButton}
                disabled={busy || chosen.length === 0}
                onClick={() => void approve(chosen)}
              >
                <Check aria-hidden className="size-4" /> Approve selected
              </button>
              <button
                type="button"
                className={dangerSmallButton}
                disabled={busy || chosen.length === 0}
                onClick={() => setWithdrawing(chosen)}
              >
                <X aria-hidden className="size-4" /> Reject selected
              </button>
            </>
          ) : (
            <button
              type="button"
              className={dangerSmallButton}
              disabled={busy || chosen.length === 0}
              onClick={() => setWithdrawing(chosen)}
            >
              Unpublish selected
            </button>
          )}
        </div>
      )}

      <ul className={cn('mt-4 grid gap-4', loading && 'opacity-60')} aria-busy={loading}>
        {rows.map((r) => (
          <li key={r.id}>
            <RecipeCard
              recipe={r}
              selected={selected.has(r.id)}
              onToggle={() => toggle(r.id)}
              actions={
                view === 'pending' ? (
                  <>
                    <button
                      type="button"
                      className={primarySmallButton}
                      disabled={busy}
                      onClick={() => void approve([r])}
                    >
                      <Check aria-hidden className="size-4" /> Approve
                    </button>
                    <button
                      type="button"
                      className={dangerSmallButton}
                      disabled={busy}
                      onClick={() => setWithdrawing([r])}
                    >
                      <X aria-hidden className="size-4" /> Reject
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={dangerSmallButton}
                    disabled={busy}
                    onClick={() => setWithdrawing([r])}
                  >
                    Unpublish
                  </button>
                )
              }
            />
          </li>
        ))}
        {!loading && rows.length === 0 && (
          <li className="rounded-xl border border-cream/10 p-8 text-center text-muted">
            {view === 'pending' ? 'No recipe is waiting for review.' : 'No recipe is published.'}
          </li>
        )}
      </ul>
      <Pager label="Recipes" page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} />

      {withdrawing && (
        <WithdrawDialog
          recipes={withdrawing}
          status={view === 'pending' ? 'rejected' : 'unpublished'}
          onClose={() => setWithdrawing(null)}
          onDone={() => {
            setWithdrawing(null);
            done();
          }}
        />
      )}
    </section>
  );
}

function RecipeCard({
  recipe,
  selected,
  onToggle,
  actions,
}: {
  recipe: CommunityRecipe;
  selected: boolean;
  onToggle: () => void;
  actions: React.ReactNode;
}) {
  const id = useId();
  return (
    <article
      aria-labelledby={`${id}-title`}
      className={cn('rounded-xl border bg-charcoal p-4 sm:p-5', selected ? 'border-gold' : 'border-cream/10')}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1.5 size-5 shrink-0 accent-gold"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${recipe.title}`}
        />
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-xl font-semibold break-words text-cream">
            {recipe.title}
          </h2>
          <p className="text-sm text-muted">
            By {recipe.submitted_by || 'an anonymous visitor'} · sent {formatDateTime(recipe.created_at)}
          </p>
        </div>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-[16rem_1fr]">
        {ownPhotoUrl(recipe.image_url) ? (
          <img
            src={ownPhotoUrl(recipe.image_url)!}
            alt={`Photo sent with ${recipe.title}`}
            className="aspect-[4/3] w-full rounded-lg object-cover"
            loading="lazy"
          />
        ) : (
          <p className="grid aspect-[4/3] place-items-center rounded-lg bg-ink/60 text-sm text-muted">No photo</p>
        )}
        <div className="grid content-start gap-3 text-sm">
          {recipe.description && <p className="break-words text-sand">{recipe.description}</p>}
          <div>
            <h3 className="font-semibold text-cream">Ingredients</h3>
            <p className="break-words whitespace-pre-wrap">{recipe.ingredients}</p>
          </div>
          <div>
            <h3 className="font-semibold text-cream">Instructions</h3>
            <p className="break-words whitespace-pre-wrap">{recipe.instructions}</p>
          </div>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">{actions}</div>
    </article>
  );
}

const ReasonForm = z.object({ reason: z.string().trim().max(1000, 'At most 1000 characters.') });

/** Reject (a reason is required) or unpublish (a reason is optional); the photos are deleted. */
function WithdrawDialog({
  recipes,
  status,
  onClose,
  onDone,
}: {
  recipes: CommunityRecipe[];
  status: 'rejected' | 'unpublished';
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const reject = status === 'rejected';
  const schema = reject
    ? ReasonForm.refine((v) => v.reason !== '', { path: ['reason'], message: 'Please give a reason.' })
    : ReasonForm;
  const form = useForm<z.input<typeof ReasonForm>>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const what = recipes.length === 1 ? `“${recipes[0]!.title}”` : `${recipes.length} recipes`;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      const r = await withdrawRecipes(recipes, status, reason.trim());
      if (r.photoErrors.length) {
        toast({
          title: `${reject ? 'Rejected' : 'Unpublished'}, but a photo is still public`,
          description: `${r.photoErrors.join('; ')}. Try again to delete it.`,
          variant: 'destructive',
        });
      } else {
        toast({ title: `${reject ? 'Rejected' : 'Unpublished'} ${what}` });
      }
      onDone();
    } catch (err) {
      toast({
        title: 'Nothing was changed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-gold/25 bg-charcoal p-6">
          <Dialog.Title className="text-xl font-semibold text-cream">
            {reject ? 'Reject' : 'Unpublish'} {what}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-sand">
            {reject ? 'It will not be published.' : 'It leaves the community recipes page.'} Its photo is deleted, so it
            is no longer public.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
            <FormField id={`${id}-reason`} label="Reason" optional={!reject} error={error}>
              {(control) => (
                <textarea {...control} rows={3} className={controlClass(Boolean(error))} {...form.register('reason')} />
              )}
            </FormField>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <Dialog.Close className={smallButton}>Cancel</Dialog.Close>
              <button type="submit" className={dangerSmallButton} disabled={form.formState.isSubmitting}>
                {reject ? 'Reject' : 'Unpublish'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
