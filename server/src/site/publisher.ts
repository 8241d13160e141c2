import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseSiteContent } from '../../../content/editable.ts';
import type { Db, Listener } from '../db/index.ts';
import { RenderWorker } from './render-in-worker.ts';

/**
 * The chef's publications on the local server (docs/site-editing.md): on `site_published` (the database's
 * notification on publish and rollback) and at start, the published content (`public.published_site()`)
 * is rendered into a new folder under DATA_DIR/site/renders, and `DATA_DIR/site/live`, a symbolic link, is
 * swapped to it in one rename: visitors get every page of the old publication or every page of the new
 * one. A render that fails leaves the old site live; the failure is logged and kept in `status()`.
 * Nothing published yet: the build's own pages (the defaults) are the site.
 */

export const SITE_PUBLISHED_CHANNEL = 'site_published';
const MANIFEST = 'publication.json';
/** Renders kept besides the live one (the one before it, for a look after a bad publication). */
const KEEP_PREVIOUS = 1;

export interface LivePages {
  dir: string;
  /** Paths of recipes the publication hides: they answer 404. */
  hidden: Set<string>;
}

export interface PublishStatus {
  state: 'build' | 'live' | 'rendering' | 'failed' | 'unavailable';
  /** When the live pages were rendered, and how long the render took. */
  renderedAt?: string;
  ms?: number;
  error?: string;
}

export interface SitePublisher {
  /** The live publication's pages, or undefined: the build's own pages are the site. */
  live(): LivePages | undefined;
  status(): PublishStatus;
  /** Settles once the render worker is warm (render-in-worker.ts); publications render faster from then on. */
  warmed: Promise<void>;
  /** Renders what is published now unless it is live already; resolves when it is live (or failed). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

interface Manifest {
  contentHash: string;
  renderedAt: string;
  ms: number;
  hidden: string[];
}

export async function startSitePublisher(opts: {
  db: Db;
  dataDir: string;
  /** React Router's build directory (the static site's parent: client/ and renderer/). */
  buildDir: string;
  log: (line: string) => void;
}): Promise<SitePublisher> {
  const { db, log } = opts;
  const siteDir = path.join(opts.dataDir, 'site');
  const rendersDir = path.join(siteDir, 'renders');
  const liveLink = path.join(siteDir, 'live');
  fs.mkdirSync(rendersDir, { recursive: true });
  const renderer = new RenderWorker(opts.buildDir, path.join(siteDir, 'warming'));

  let live = readLive();
  let status: PublishStatus = live
    ? { state: 'live', renderedAt: live.manifest.renderedAt, ms: live.manifest.ms }
    : { state: 'build' };

  function readLive(): { pages: LivePages; manifest: Manifest } | undefined {
    try {
      const dir = fs.realpathSync(liveLink);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
      return { pages: { dir, hidden: new Set(manifest.hidden) }, manifest };
    } catch {
      return undefined;
    }
  }

  /** `public.published_site()`, or undefined when the database has no such function yet. */
  async function published(): Promise<unknown> {
    try {
      const { rows } = await db.tx(null, (sql) =>
        sql<{ content: unknown }>('select public.published_site() as content'),
      );
      return rows[0]?.content ?? null;
    } catch (error) {
      if ((error as { code?: string }).code === '42883') return undefined;
      throw error;
    }
  }

  function swapTo(dir: string | undefined) {
    if (dir === undefined) {
      fs.rmSync(liveLink, { force: true });
    } else {
      const temp = `${liveLink}.${randomBytes(6).toString('hex')}`;
      fs.symlinkSync(dir, temp, 'dir');
      fs.renameSync(temp, liveLink);
    }
    live = readLive();
    // Older renders go; the live one and the one before it stay.
    const keep = new Set([live?.pages.dir]);
    const old = fs
      .readdirSync(rendersDir)
      .map((name) => path.join(rendersDir, name))
      .filter((p) => !keep.has(p))
      .sort()
      .reverse();
    for (const p of old.slice(KEEP_PREVIOUS)) fs.rmSync(p, { recursive: true, force: true });
  }

  async function renderOnce(): Promise<void> {
    const json = await published();
    if (json === undefined) {
      status = {
        state: 'unavailable',
        error: 'the database has no public.published_site() (the site-editing migration)',
      };
      return;
    }
    if (json === null) {
      if (live) swapTo(undefined);
      status = { state: 'build' };
      return;
    }
    const contentHash = createHash('sha256').update(JSON.stringify(json)).digest('hex');
    if (live?.manifest.contentHash === contentHash) return;
    status = { ...status, state: 'rendering' };
    const outDir = path.join(
      rendersDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`,
    );
    try {
      const content = parseSiteContent(json);
      const result = await renderer.render({ outDir, content });
      const hidden = content.recipes.filter((r) => r.hidden).map((r) => `/recipe/${r.id}`);
      const manifest: Manifest = { contentHash, renderedAt: new Date().toISOString(), ms: result.ms, hidden };
      fs.writeFileSync(path.join(outDir, MANIFEST), JSON.stringify(manifest));
      swapTo(outDir);
      status = { state: 'live', renderedAt: manifest.renderedAt, ms: manifest.ms };
      log(`site: publication live (${result.paths.length} pages rendered in ${result.ms} ms)`);
    } catch (error) {
      fs.rmSync(outDir, { recursive: true, force: true });
      const message = error instanceof Error ? error.message : String(error);
      status = { ...status, state: 'failed', error: message };
      log(`site: the publication could not be rendered; the previous site stays live: ${message}`);
    }
  }

  // One render at a time; notifications during a render make one more render after it.
  let running: Promise<void> | undefined;
  let again = false;
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await renderOnce().catch((error: unknown) => {
          status = { ...status, state: 'failed', error: (error as Error).message };
          log(`site: reading the publication failed: ${(error as Error).message}`);
        });
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const listener: Listener = await db.listen(SITE_PUBLISHED_CHANNEL, {
    onNotify: () => void refresh(),
    onLost: () => void refresh(),
  });
  void refresh();

  return {
    live: () => live?.pages,
    status: () => status,
    warmed: renderer.warmed,
    refresh,
    async stop() {
      await listener.close();
      await running;
      await renderer.close();
    },
  };
}
