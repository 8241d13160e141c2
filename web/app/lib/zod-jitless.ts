import { config } from 'zod';

/**
 * zod compiles object schemas with `new Function` when the page allows it, and finds out by trying:
 * under the site's Content-Security-Policy (no 'unsafe-eval', server/src/site/security-headers.ts) that
 * try is refused and reported as a violation. The site's forms are small; zod's plain parser is
 * plenty. Imported first by every browser module that builds zod schemas, so it runs before they
 * are built.
 */
config({ jitless: true });
