import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router's own browser entry, written out: React 19 hydrates the prerendered document inside
 * a transition, so it hydrates concurrently and yields to the visitor's input
 * (docs/decisions/0009-react-in-the-browser.md). The scripts that load this run after the first
 * paint (docs/decisions/0005-paint-first.md).
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
