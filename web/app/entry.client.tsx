import './lib/preact-setup.ts';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The browser runs on Preact (docs/decisions/0007-preact-in-the-browser.md). React Router's default
 * entry hydrates `document`, but Preact turns a `document` root into `<html>` and would then look for
 * an `<html>` inside it. So the root handed to Preact is a stand-in whose only child is `<html>`: the
 * workaround Preact's maintainers give for full-document hydration (remix-run/remix#425).
 */
const html = document.documentElement;
const replaceHtml = (node: Node) => document.replaceChild(node, html);
const documentRoot = {
  childNodes: [html],
  firstChild: html,
  ownerDocument: document,
  insertBefore: replaceHtml,
  appendChild: replaceHtml,
} as unknown as Element;

// HydratedRouter suspends (throws a promise) until it has decoded the route data that the page carries
// (window.__reactRouterContext.stream). React suspends the root itself; Preact needs a boundary. While
// suspended, Preact keeps the prerendered DOM as it is and hydrates it when the data is ready.
//
// Hydration starts in a task after the one that evaluated the modules, so neither is a long task on a
// phone; the page's parts then hydrate one per task (components/layout/deferred-hydration.tsx).
setTimeout(() =>
  hydrateRoot(
    documentRoot,
    <Suspense fallback={null}>
      <HydratedRouter />
    </Suspense>,
  ),
);
