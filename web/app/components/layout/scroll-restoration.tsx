import { useContext, useEffect, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/**
 * The site's scroll restoration (docs/decisions/0040-scroll-positions-read-when-needed.md): what React
 * Router's `<ScrollRestoration>` does, except that a page opened as a new history entry (a link
 * followed, an address typed) does not read sessionStorage while it loads.
 *
 * React Router's version reads the saved positions from sessionStorage twice on every load: in its
 * inline script, before the first paint, and in a layout effect while hydrating. A tab's first
 * sessionStorage access is a synchronous call to the browser process, which a phone pays before its
 * first paint (docs/decisions/0040-scroll-positions-read-when-needed.md). A new entry can have no saved position, so
 * neither read can find anything; the positions are needed only when the page is reloaded or returned
 * to from another document (then both reads happen), and when the page is left (they are
 * merged with this page's and written back).
 *
 * Positions are kept under React Router's own key, so a tab that ran an earlier build keeps them.
 */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

/**
 * Runs in the HTML, before the first paint. A new entry gets a key (React Router's history reads it)
 * and nothing else; an entry that already had one is scrolled to its saved position. Stored positions
 * that are not JSON are dropped without a word (React Router logs an error).
 */
export const RESTORE_SCRIPT =
  '((k)=>{const h=window.history,s=h.state;' +
  'if(!s||!s.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}' +
  'try{const y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")window.scrollTo(0,y)}' +
  'catch{sessionStorage.removeItem(k)}' +
  `})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/** The positions React Router saves as the visitor moves inside the site, by history key. */
const positions: Record<string, number> = {};

function readStored(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as unknown;
    return stored !== null && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** True when this document was loaded into a history entry that existed before (a reload, back or forward). */
function enteredExistingEntry(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation !== undefined && navigation.type !== 'navigate';
}

export function ScrollRestoration() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const restoreScrollPosition = state?.restoreScrollPosition;
  const preventScrollReset = state?.preventScrollReset;
  const idle = state?.navigation.state === 'idle';

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Leaving the document: this page's position joins the stored ones (read now, not at load).
  useEffect(() => {
    const onPageHide = () => {
      if (idle) positions[location.key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify({ ...readStored(), ...positions }));
      } catch (error) {
        console.warn(`Scroll positions not saved (${String(error)})`);
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [idle, location.key]);

  useLayoutEffect(() => {
    if (!router) return;
    if (enteredExistingEntry()) Object.assign(positions, readStored());
    return router.enableScrollRestoration(positions, () => window.scrollY);
  }, [router]);

  // As React Router does after each navigation: the saved position, else the #fragment, else the top.
  useLayoutEffect(() => {
    if (restoreScrollPosition === false || restoreScrollPosition === undefined) return;
    if (typeof restoreScrollPosition === 'number') {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // A fragment that is not valid percent-encoding names no element.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (preventScrollReset === true) return;
    window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}
