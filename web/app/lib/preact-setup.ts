import { options, type VNode } from 'preact';

/**
 * Two places where Preact's compat layer behaves unlike React in ways this site meets (the site runs
 * on Preact: docs/decisions/0007-preact-in-the-browser.md). Imported first by entry.server.tsx and
 * entry.client.tsx, before anything renders.
 */

/**
 * 1. Props that React reads and never writes to the DOM, but that Preact would write as attributes
 * (in the prerendered HTML too). React Router's <Scripts> and <ScrollRestoration> pass
 * `suppressHydrationWarning`.
 */
const REACT_ONLY_PROPS = ['suppressHydrationWarning', 'suppressContentEditableWarning'];

const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  previousVnode?.(vnode);
  if (typeof vnode.type === 'string' && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY_PROPS) if (name in props) delete props[name];
  }
};

/**
 * 2. Effects run before the next render. React flushes the `useEffect`s of a commit before it renders
 * again; Preact runs them after the next frame, even when a state update set by a ref callback or a
 * layout effect re-renders sooner. Radix Slider depends on React's order: its thumb looks up its
 * index among the slider's items, which register in an effect, when its ref re-renders it; in
 * Preact's order the index stays -1 and the thumb stays hidden (radix-ui/primitives#3610,
 * preactjs/preact#3666). So pending effects are flushed when a new top-level diff starts, as React
 * does; with nothing to re-render they still wait for the frame. `__b` is Preact's (mangled) hook
 * before each vnode's diff, the one @preact/signals and preact-render-to-string use too.
 */
const RAF_TIMEOUT_MS = 35; // as preact/hooks

function afterNextFrame(callback: () => void) {
  let frame = 0;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, RAF_TIMEOUT_MS);
  frame = requestAnimationFrame(done);
}

/** preact/hooks' flush of pending effects, while one is scheduled. */
let pendingEffects: (() => void) | undefined;

const schedulePaint = options.requestAnimationFrame;
// preact/hooks hands its flush to this when a commit leaves effects to run.
options.requestAnimationFrame = (flush: () => void) => {
  pendingEffects = flush;
  (schedulePaint ?? afterNextFrame)(() => {
    pendingEffects = undefined;
    flush();
  });
};

type DiffHook = (vnode: VNode) => void;
const hooks = options as typeof options & { __b?: DiffHook };
/** How many diffs are in progress: 0 between renders, when the DOM is committed. */
let diffing = 0;

const beforeDiff = hooks.__b;
hooks.__b = (vnode: VNode) => {
  if (diffing++ === 0 && pendingEffects) {
    const flush = pendingEffects;
    pendingEffects = undefined;
    flush();
  }
  beforeDiff?.(vnode);
};

const afterDiff = options.diffed;
options.diffed = (vnode: VNode) => {
  if (diffing > 0) diffing--;
  afterDiff?.(vnode);
};
