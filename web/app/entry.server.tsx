import './lib/preact-setup.ts';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';

/**
 * Renders each prerendered page (there is no server rendering at run time: react-router.config.ts).
 * The site runs on Preact (docs/decisions/0007-preact-in-the-browser.md), so the HTML comes from
 * Preact's renderer too: the browser hydrates markup its own runtime wrote (same `useId` values, same
 * text nodes). `renderToStringAsync` waits for every suspended part, here React Router's transfer of
 * the route data, which is what React's `onAllReady` gave for static pages.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The JSX is React-typed (the code base is written against React's types); at run time it is a Preact vnode.
  const app = (<ServerRouter context={routerContext} url={request.url} />) as unknown as VNode;
  const html = await renderToStringAsync(app);
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
