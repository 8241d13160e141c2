import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { pagesDefault, testimonialsDefault } from '../../content/editable.ts';
import { routes } from '../../web/app/paths.ts';
import { browserPagePaths, prerenderPaths } from '../../web/app/prerender.ts';
import { BUNDLE_REPORT_FILE, type BundleReport } from './bundle-report-plugin.ts';
import { COMPILE_HINT } from './compile-hints-plugin.ts';
import { firstLoad, htmlOf as htmlOfBuilt, initialScripts, readBuild, reachableScripts } from './first-load.ts';

/**
 * Bundle budgets: deterministic checks on the built site, part of `npm test`. Reads `$BUILD_DIR/client`
 * (default build/client) and the chunk report the build writes beside it; what counts as "loaded
 * before any interaction" is defined in scripts/build/first-load.ts.
 */
const site = readBuild();
const { client, report } = site;

/**
 * Gzipped JavaScript each page loads before the visitor does anything, as measured on React 19
 * (docs/decisions/0009-react-in-the-browser.md), plus 3 kB; re-measured after the console, the e-mail
 * pages and the members' videos from the database joined the build (/members +3.4 kB: it now reads
 * its videos from the backend, so no public file names them). The four pages with a form measured
 * again once zod and the schemas loaded on first use (docs/decisions/0024-load-the-forms-work-when-used.md:
 * /book-now, /contact, /community-recipes and /submit-recipe each ≈ 25 kB less). The pages run on React and React Router
 * (≈ 110 kB of it, on every page); what one page needs more is its own. Growth past a page's figure
 * fails the build: make the new code lazy, or raise the figure here on purpose. /home may never send
 * more than 145.3 kB. A route not listed (a new one) gets the smallest page's figure, so new code
 * starts lazy and out of the public pages' bundles.
 */
const MEASURED: Record<string, number> = {
  '/': 137_654,
  '/home': 144_496,
  '/about': 139_876,
  '/services': 140_661,
  '/recipes': 145_390,
  // Raised on purpose on the three pages closest to their figures, for code every page carries: +40 B for the
  // route manifest's marks of the loaders of /payment and /quote (the published payment link's QR code), and
  // +60 B for the root's clientLoader, which shows a preview tab the drafts' brand settings (header, footer).
  '/book-now': 156_987,
  '/price-list': 140_012,
  '/contact': 155_804,
  '/cooking-book': 140_431,
  '/soundtrack': 139_160,
  '/feva-seasoning': 140_277,
  '/watch-chef-feva': 139_585,
  '/food-gallery': 149_926,
  '/testimonials': 138_357,
  '/private-events': 139_192,
  '/payment': 138_793,
  // Its list is one fetch and a plain row check, no postgrest-js (decision 0032; 147,293 before); +150 B as
  // /book-now's, and for the preview token kept in memory (no storage read on a navigation, decision 0040).
  '/community-recipes': 141_628,
  '/submit-recipe': 168_798,
  '/members': 141_836,
  '/recipe/1': 158_927,
  '/recipe/2': 158_927,
  '/recipe/3': 158_927,
  '/recipe/5': 158_927,
  '/recipe/10': 158_927,
  '/recipe/11': 158_927,
  // The pages built in the browser, prerendered as their loading state (decision 0025): their first load
  // now counts their route's own chunks (the SPA fallback's count left out the route module it loaded
  // after hydrating: 108.6 kB more on /console, with TanStack Table, zod and Radix Dialog).
  '/console': 141_607,
  '/mail-action': 138_507,
  // The pay step (amount, due date, one button, the QR only where it can be scanned) and the card button.
  '/quote': 146_148,
};
const MARGIN = 3_000;
// 145.0 kB until the brand settings became the published content's (the root route's data, read by the
// footer on every page: web/app/lib/brand.ts); raised by that alone, 0.3 kB.
const HOME_CEILING = 145_300;
const budgetOf = (route: string) => {
  const budget = (MEASURED[route] ?? Math.min(...Object.values(MEASURED))) + MARGIN;
  return route === routes.home.path ? Math.min(budget, HOME_CEILING) : budget;
};

const htmlOf = (urlPath: string) => htmlOfBuilt(site, urlPath);
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** Which initial chunks carry any of these packages (matched by name or prefix ending in '/'). */
function chunksWith(scripts: string[], report: BundleReport, packages: string[]): string[] {
  const hit = (p: string) => packages.some((want) => (want.endsWith('/') ? p.startsWith(want) : p === want));
  return scripts.filter((s) => (report.chunks[s]?.packages ?? []).some(hit));
}

describe('bundle budgets', () => {
  const pagePaths = prerenderPaths().filter((p) => p !== '/404');

  test('every script a page loads is in the build and in the chunk report', () => {
    for (const p of [...pagePaths, ...browserPagePaths]) {
      for (const s of initialScripts(htmlOf(p), report)) {
        expect(fs.existsSync(path.join(client, s)), `${p} loads ${s}`).toBe(true);
        // React Router writes its route manifest after bundling: the one script Rollup does not report.
        if (!/^\/assets\/manifest-[\w-]+\.js$/.test(s)) expect(report.chunks[s], `${s} in ${BUNDLE_REPORT_FILE}`).toBeDefined();
      }
    }
  });

  test.each([...prerenderPaths().filter((p) => p !== '/404'), ...browserPagePaths])('%s sends no more gzipped JavaScript before any interaction than measured (+3 kB)', (route) => {
    const { files, gzip } = firstLoad(site, route);
    const budget = budgetOf(route);
    const table = files
      .map((f) => `  ${kB(f.gzip).padStart(9)} gz ${kB(f.raw).padStart(9)} raw  ${f.file}  [${f.packages.join(', ')}]`)
      .join('\n');
    expect(files.length).toBeGreaterThan(0);
    expect(
      gzip,
      `${route} initial JS: ${kB(gzip)} gzipped in ${files.length} files; budget ${kB(budget)} ` +
        `(measured ${MEASURED[route] === undefined ? 'never: a new route, held to the smallest page' : kB(MEASURED[route])} + ${kB(MARGIN)}):\n${table}`,
    ).toBeLessThanOrEqual(budget);
  });

  test(`/home sends at most ${kB(HOME_CEILING)} of gzipped JavaScript before any interaction`, () => {
    const { gzip } = firstLoad(site, routes.home.path);
    expect(gzip, `/home initial JS: ${kB(gzip)} gzipped (ceiling ${kB(HOME_CEILING)})`).toBeLessThanOrEqual(HOME_CEILING);
  });

  test('react-dom and React Router, which every page runs while hydrating, carry V8\'s compile hint; so do the auth dialog\'s chunks; no other chunk does', () => {
    // Their functions are compiled off the main thread while they stream in (decisions 0038 and 0043).
    const hinted = Object.keys(report.chunks).filter((s) => fs.readFileSync(path.join(client, s), 'utf8').startsWith(`${COMPILE_HINT}\n`));
    const libraries = hinted.filter((s) => /^\/assets\/(entry\.client|shell)-/.test(s));
    expect(libraries.map((s) => s.replace(/-[\w-]+\.js$/, '')).sort()).toEqual(['/assets/entry.client', '/assets/shell']);
    for (const s of libraries) expect(report.chunks[s]!.packages, s).toContain(s.includes('entry.client') ? 'react-dom' : 'react-router');
    for (const p of [...pagePaths, ...browserPagePaths]) expect(initialScripts(htmlOf(p), report), p).toEqual(expect.arrayContaining(libraries));
    // The auth dialog's chunk (loaded while the browser is idle, run by the Login tap) and every chunk it imports but those two.
    const dialog = Object.keys(report.chunks).filter((s) => report.chunks[s]!.sources.includes('web/app/features/auth/auth-dialog.tsx'));
    expect(dialog).toHaveLength(1);
    const withImports = new Set<string>();
    const visit = (s: string) => {
      if (withImports.has(s) || libraries.includes(s)) return;
      withImports.add(s);
      report.chunks[s]!.imports.forEach(visit);
    };
    visit(dialog[0]!);
    expect(hinted.filter((s) => !libraries.includes(s)).sort()).toEqual([...withImports].sort());
    // Among them react-dom's portal, which the dialog's own code does not hold.
    expect([...withImports].some((s) => report.chunks[s]!.packages.includes('react-dom'))).toBe(true);
  });

  test('the Supabase client is not among /home\'s initial scripts', () => {
    const scripts = initialScripts(htmlOf(routes.home.path), report);
    const supabase = Object.entries(report.chunks).filter(([, c]) => c.packages.some((p) => p.startsWith('@supabase/')));
    expect(supabase.length, 'the build has a chunk with @supabase/supabase-js').toBeGreaterThan(0);
    const eager = pagePaths.filter((p) => chunksWith(initialScripts(htmlOf(p), report), report, ['@supabase/']).length > 0);
    expect(
      chunksWith(scripts, report, ['@supabase/']),
      `supabase-js chunks: ${supabase.map(([f]) => f).join(', ')}; pages loading it up front: ${eager.join(', ') || 'none'}`,
    ).toEqual([]);
  });

  // A library used by one page loads with that page only (or on first use).
  const ownLibraries: { name: string; packages: string[]; allowed: (p: string) => boolean }[] = [
    { name: 'react-dropzone', packages: ['react-dropzone', 'attr-accept', 'file-selector'], allowed: (p) => p === routes.submitRecipe.path },
    { name: 'embla-carousel', packages: ['embla-carousel', 'embla-carousel-react', 'embla-carousel-autoplay'], allowed: (p) => p === routes.gallery.path },
  ];

  // zod, the schemas and the zod resolver load when a form is first focused or checked; never with a page (docs/decisions/0024-load-the-forms-work-when-used.md).
  const ZOD = ['zod', '@hookform/resolvers', '@hookform/resolvers/'];
  const formPages = [routes.bookNow.path, routes.contact.path, routes.submitRecipe.path];

  test('zod and the form resolver are no page\'s initial scripts, and the form pages reach them on first use', () => {
    for (const p of formPages) {
      expect(chunksWith(reachableScripts(htmlOf(p), report), report, ZOD), `${p} reaches zod`).not.toEqual([]);
    }
    const offenders = pagePaths
      .map((p) => ({ p, chunks: chunksWith(initialScripts(htmlOf(p), report), report, ZOD) }))
      .filter((o) => o.chunks.length > 0);
    expect(offenders, offenders.map((o) => `${o.p} loads zod up front in ${o.chunks.join(', ')}`).join('\n')).toEqual([]);
  });

  // The community list checks its rows without zod: /community-recipes does not even reach it, up
  // front or later (docs/decisions/0032-community-list-and-recipe-taps.md); its link to the form does not count.
  test('/community-recipes never reaches zod', () => {
    expect(chunksWith(reachableScripts(htmlOf(routes.communityRecipes.path), report), report, ZOD)).toEqual([]);
  });

  test.each(ownLibraries)('$name loads only on the page that uses it', ({ name, packages, allowed }) => {
    // The page that uses it reaches it (up front or on first use): proof the lookup below can see it.
    const users = pagePaths.filter(allowed);
    expect(users.length).toBeGreaterThan(0);
    for (const p of users) {
      expect(chunksWith(reachableScripts(htmlOf(p), report), report, packages), `${p} reaches ${name}`).not.toEqual([]);
    }
    const offenders = pagePaths
      .filter((p) => !allowed(p))
      .map((p) => ({ p, chunks: chunksWith(initialScripts(htmlOf(p), report), report, packages) }))
      .filter((o) => o.chunks.length > 0);
    expect(offenders, offenders.map((o) => `${o.p} loads ${name} in ${o.chunks.join(', ')}`).join('\n')).toEqual([]);
  });
});

describe('the chef’s console (/console)', () => {
  const pagePaths = prerenderPaths().filter((p) => p !== '/404');
  const consoleChunks = Object.entries(report.chunks)
    .filter(([, c]) => c.sources.some((s) => s.startsWith('web/app/features/console/')))
    .map(([file]) => file);

  test('its code and libraries are no public page’s, up front or on first use', () => {
    // The route module carries the console and its libraries (TanStack Table, papaparse).
    expect(consoleChunks.length, 'a chunk with web/app/features/console').toBeGreaterThan(0);
    expect(chunksWith(consoleChunks, report, ['@tanstack/', 'papaparse']).length).toBeGreaterThan(0);
    const offenders = pagePaths
      .map((p) => ({
        p,
        chunks: reachableScripts(htmlOf(p), report).filter(
          (s) => consoleChunks.includes(s) || chunksWith([s], report, ['@tanstack/', 'papaparse']).length > 0,
        ),
      }))
      .filter((o) => o.chunks.length > 0);
    expect(offenders, offenders.map((o) => `${o.p} reaches ${o.chunks.join(', ')}`).join('\n')).toEqual([]);
  });

  test('is prerendered as its signed-out page with the sign-in form, marked noindex, and is not in the sitemap', () => {
    const html = fs.readFileSync(path.join(client, 'console', 'index.html'), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<title>Chef’s console</title>');
    expect(html).toMatch(/<h1 class="[^"]*">Chef’s console<\/h1>/);
    // What hydrates is the signed-out page, its sign-in dialog included (decision 0035).
    expect(html).toMatch(/<div role="dialog" aria-modal="true"[^>]*><h2 [^>]*>Chef’s console<\/h2>/);
    expect(html).toMatch(/<input id="[^"]+-email" type="email"/);
    expect(fs.readFileSync(path.join(client, 'sitemap.xml'), 'utf8')).not.toContain('/console');
    expect(pagePaths).not.toContain('/console');
  });
});

/**
 * What /console, /mail-action and /quote evaluate before anyone interacts (decision 0025): React, the
 * router and their own small route chunk. The console's sections, its libraries (TanStack Table,
 * papaparse), the forms' validation (zod, react-hook-form), Radix Dialog and supabase-js load once a
 * session, a section, a token or a tap asks for them.
 */
describe('the pages built in the browser load only their first screen up front', () => {
  const later = ['@tanstack/', 'papaparse', 'zod', 'react-hook-form', '@hookform/', '@supabase/', '@radix-ui/'];

  test.each(browserPagePaths)('%s: its route module is among the page\'s own scripts, and none of the later libraries', (route) => {
    const scripts = initialScripts(htmlOf(route), report);
    const own = Object.entries(report.chunks).filter(([, c]) => c.sources.includes(`web/app/routes${route}.tsx`)).map(([file]) => file);
    expect(own.length, `a chunk with web/app/routes${route}.tsx`).toBe(1);
    expect(scripts).toContain(own[0]);
    expect(chunksWith(scripts, report, later), `${route} loads up front`).toEqual([]);
  });

  test('/console loads no section up front, and each section is its own chunk that reaches its libraries', () => {
    const scripts = initialScripts(htmlOf('/console'), report);
    const sectionFiles = ['overview-panel', 'bookings-panel', 'calendar-panel', 'moderation-panel', 'messages-panel', 'subscribers-panel', 'outbox-view', 'console-shell'];
    const sectionChunks = sectionFiles.map((name) => {
      const chunks = Object.entries(report.chunks).filter(([, c]) => c.sources.includes(`web/app/features/console/${name}.tsx`));
      expect(chunks.length, `one chunk holds ${name}.tsx`).toBe(1);
      return chunks[0]![0];
    });
    expect(new Set(sectionChunks).size, 'each section in a chunk of its own').toBe(sectionFiles.length);
    expect(scripts.filter((s) => sectionChunks.includes(s))).toEqual([]);
    // What opening a section loads (the chunk and its static imports): the bookings section brings
    // TanStack Table; the overview, the owner's first screen, neither it nor the forms' libraries.
    const closure = (file: string) => initialScripts(`<script type="module">import "${file}";</script>`, report);
    expect(chunksWith(closure(sectionChunks[1]!), report, ['@tanstack/']).length).toBeGreaterThan(0);
    expect(chunksWith(closure(sectionChunks[0]!), report, ['@tanstack/', 'zod', '@radix-ui/'])).toEqual([]);
  });

  test.each(browserPagePaths)('%s is prerendered with its heading, noindex, and is not in the sitemap', (route) => {
    const html = htmlOf(route);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<h1 class="[^"]*">[^<]+<\/h1>/);
    // The e-mail links' pages show a status while they check the link; the console, the sign-in (decision 0035).
    expect(html).toMatch(route === '/console' ? /<div role="dialog"/ : /<p role="status"/);
    expect(fs.readFileSync(path.join(client, 'sitemap.xml'), 'utf8')).not.toContain(`${route}<`);
  });
});

/**
 * The chef's published texts are the pages' data, in the HTML and `.data` files, never in a script a page loads
 * (docs/site-editing.md): a publication then needs no new JavaScript. The only chunk that may hold them is the
 * preview's, which loads in a preview tab alone (its defaults, content/site-defaults.ts).
 */
describe('the published content is page data, not code', () => {
  // The console's site editor holds the defaults by design (it edits them), in its own lazy chunk.
  const pagePaths = [...prerenderPaths().filter((p) => p !== '/404'), ...browserPagePaths.filter((p) => p !== '/console')];
  // An ASCII stretch of each text, so the test does not depend on how the bundler writes other characters.
  const stretch = (text: string) => /[ -~]{30,}/.exec(text)![0].slice(0, 60);
  const texts = [
    pagesDefault.home.hero.lead,
    pagesDefault.home.intro.paragraphs[1]!,
    pagesDefault.about.story.paragraphs[1]!,
    pagesDefault.privateEvents.events[0]!.description,
    pagesDefault.faq.items[0]!.answer,
    testimonialsDefault[0]!.quote,
  ].map(stretch);
  const preview = Object.keys(report.chunks).filter((s) => report.chunks[s]!.sources.includes('content/site-defaults.ts'));
  const holds = (script: string) => {
    const source = fs.readFileSync(path.join(client, script), 'utf8');
    return texts.filter((t) => source.includes(t));
  };

  test('no page loads them, up front or on first use, but in a preview tab', () => {
    expect(preview.length, 'a chunk with content/site-defaults.ts').toBe(1);
    expect(holds(preview[0]!), 'the preview chunk holds the defaults (else this test reads nothing)').toEqual(texts);
    const offenders = pagePaths.flatMap((p) =>
      reachableScripts(htmlOf(p), report)
        .filter((s) => !preview.includes(s) && holds(s).length > 0)
        .map((s) => `${p} loads ${s}: ${holds(s).join(' | ')}`),
    );
    expect(offenders).toEqual([]);
  });
});
