import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydrate a part of the prerendered page later, in its own task, keeping its HTML on screen
 * (docs/decisions/0008-hydrate-in-parts.md).
 *
 * Hydrating a whole page in one task is one long task: on a phone-class CPU it blocks input for
 * 100–300 ms, which is what Lighthouse counts as Total Blocking Time. So the root hands <head> and
 * <body> to `<HydrateLater>`, the site layout its header, main content and footer, and the heavier
 * pages their forms and carousel. While the page hydrates, each part suspends with a promise that
 * a queue resolves one per task, depth first in document order; Preact then hydrates that part
 * against the HTML it kept.
 *
 * Preact keeps a suspended part's server-rendered DOM only when the part renders exactly ONE
 * element (it keeps the first node it meets): the child of `<HydrateLater>` must be a single
 * element, never a fragment, or the rest of its HTML would be removed (a layout shift).
 *
 * After the page has hydrated (client-side navigation, a re-render), `<HydrateLater>` renders its
 * child at once. On the server (prerender) it always does.
 */

type Task = () => void;

/** True from the start of the page's hydration until every part has hydrated. */
let hydrating = typeof document !== 'undefined';
/** Parts waiting for their turn, in document order. */
const queue: Task[] = [];
/**
 * Where a part that suspends now joins the queue: at the end while the root renders; while a part
 * hydrates, in front of the parts already waiting, after its own earlier ones. So the parts inside a
 * part hydrate before the parts that follow it, depth first, in the order the prerender rendered
 * them. The order matters beyond looks: Preact's `useId` numbers ids in render order, and the ids in
 * the HTML (labels, descriptions) must be the ones the client computes.
 */
let insertAt: number | null = null;
let pumping = false;
/** The root has committed (the layout's effect ran), so no more parts can join the first pass. */
let rootCommitted = false;
const whenDone: Task[] = [];

/** Gives the next part its turn in a task of its own, after the browser has had a chance to handle input. */
function pump() {
  if (pumping) return;
  pumping = true;
  setTimeout(() => {
    pumping = false;
    insertAt = null;
    const next = queue.shift();
    if (!next) return settle();
    // Resolving a part's promise hydrates it in this task's microtasks (Preact's Suspense), where the
    // parts inside it join the queue: only the next task can tell whether the queue is empty.
    insertAt = 0;
    next();
    pump();
  }, 0);
}

/** Once the root has committed and the queue is empty, the page is hydrated. */
function settle() {
  if (!rootCommitted || queue.length > 0 || pumping) return;
  hydrating = false;
  for (const task of whenDone.splice(0)) task();
}

/**
 * Called once by the root layout's effect: `done` runs when every part has hydrated (at once if
 * none is waiting). The end-to-end tests wait for what it sets (`data-hydrated` on <html>).
 */
export function afterPageHydrated(done: Task) {
  rootCommitted = true;
  whenDone.push(done);
  settle();
}

function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (insertAt === null) queue.push(resolve);
    else queue.splice(insertAt++, 0, resolve);
    pump();
  });
}

interface Turn {
  ready: boolean;
  promise?: Promise<void>;
}

/** Suspends on its first render while the page hydrates, until the queue gives it its turn. */
function Gate({ children }: { children: ReactNode }) {
  const [turn] = useState<Turn>(() => {
    if (!hydrating) return { ready: true };
    const created: Turn = { ready: false };
    created.promise = waitForTurn().then(() => {
      created.ready = true;
    });
    return created;
  });
  if (!turn.ready) throw turn.promise;
  return children;
}

/** See above: `children` must be a single element. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
