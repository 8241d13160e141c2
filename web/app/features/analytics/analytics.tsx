// chunk: shell
import { site } from '@content/site.ts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Google Analytics 4 (gtag.js), the analytics the site uses (a measurement id such as G-XXXXXXX). */
export const analyticsScriptUrl = (id: string) =>
  `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

/**
 * Sets up the gtag queue at once (page views sent before the script arrives are kept) and adds
 * the script when the browser is idle after the first paint. Automatic page views are off: the
 * router sends one per route change.
 */
export function loadAnalytics(id: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads `arguments` objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  const addScript = () => {
    const script = document.createElement('script');
    script.async = true;
    script.src = analyticsScriptUrl(id);
    document.head.append(script);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(addScript, { timeout: 3000 });
  else setTimeout(addScript, 200);
}

/** One page view: the path plus the query string. */
export function sendPageView(pathWithQuery: string) {
  window.gtag?.('event', 'page_view', {
    page_path: pathWithQuery,
    page_location: `${window.location.origin}${pathWithQuery}`,
  });
}

/**
 * Analytics when `site.analyticsId` is set: the script after first paint and a page view on every
 * route change. When it is empty, nothing at all: no script, no queue, no request.
 */
export function Analytics({ id = site.analyticsId }: { id?: string }) {
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  useEffect(() => {
    if (!id) return;
    loadAnalytics(id);
    sendPageView(path);
  }, [id, path]);
  return null;
}
