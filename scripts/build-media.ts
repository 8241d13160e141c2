/**
 * Build the site's media from content/media.ts:
 *   - every image → AVIF + WebP at a few widths (capped to the source's own width), metadata stripped,
 *     content-hashed names under web/public/media/ (served from /media/…, cacheable forever);
 *   - logo and favicon → also copied as (whitespace-trimmed) SVG; ogImage → also a 1200x630 JPEG;
 *   - videos → copied with a content hash in the name;
 *   - web/app/generated/media-manifest.json describing all of it for <Picture> and <BackgroundVideo>.
 * Idempotent and fast when nothing changed: an entry is rebuilt only when its source bytes or the
 * encoding settings change (web/public/media/.cache.json), and files no longer referenced are removed.
 *
 *   npx tsx scripts/build-media.ts [--force]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { extname, join, resolve } from "node:path";
import sharp from "sharp";
import { images, videos, type ImageKey } from "../content/media.ts";
import { buildFonts } from "./build-fonts.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SRC = join(ROOT, "content/media");
const OUT = join(ROOT, "web/public/media");
const MANIFEST = join(ROOT, "web/app/generated/media-manifest.json");
const CACHE = join(ROOT, "node_modules/.cache/build-media.json"); // not under web/public: never served
const URL_BASE = "/media/";

/** Bump when the encoding below changes, so every entry is rebuilt. */
const SETTINGS = {
  v: 2,
  avif: { quality: 48, effort: 2 }, // effort 2: ~10x faster than 4 for ~8% more bytes
  webp: { quality: 70, effort: 5 },
  /** page backgrounds are shown faded (10–20 % opacity, except /home): encode them harder */
  avifBg: { quality: 40, effort: 2 },
  webpBg: { quality: 58, effort: 5 },
  jpeg: { quality: 80 },
};
const WIDE = [640, 960, 1280, 1920]; // full-bleed backgrounds and video posters
const CARD = [320, 640, 960, 1280]; // cards, gallery, portraits
const SMALL = [160, 320, 480]; // avatars, icons
const widthsFor = (key: string) =>
  key.startsWith("bg") || key === "posterSplash" || key === "posterHero" ? WIDE : key.startsWith("testimonial") || key === "favicon" || key === "logo" ? SMALL : CARD;

export interface Variant { src: string; width: number }
export interface ImageEntry {
  width: number;
  height: number;
  alt: string;
  avif: Variant[];
  webp: Variant[];
  /** <img src>: a WebP of moderate width (or the SVG for logo/favicon) */
  fallback: string;
  /** the dominant colour, shown while the image loads */
  placeholder: string;
  svg?: string;
  jpeg?: string;
}
export interface VideoEntry { mp4: string; webm?: string; poster: ImageKey; label: string }
export interface MediaManifest { images: Record<string, ImageEntry>; videos: Record<string, VideoEntry> }

const hash = (b: Buffer | string) => createHash("sha256").update(b).digest("hex").slice(0, 10);
const kebab = (k: string) => k.replace(/([a-z])([A-Z0-9])/g, "$1-$2").toLowerCase();

function emit(name: string, ext: string, data: Buffer, produced: Set<string>) {
  const file = `${name}.${hash(data)}.${ext}`;
  const dest = join(OUT, file);
  if (!existsSync(dest)) writeFileSync(dest, data);
  produced.add(file);
  return URL_BASE + file;
}

async function buildImage(key: string, src: { file: string; alt: string }, produced: Set<string>): Promise<ImageEntry> {
  const path = join(SRC, src.file);
  const input = readFileSync(path);
  const isSvg = extname(path).toLowerCase() === ".svg";
  const name = kebab(key);
  // Rasterise once at the intrinsic size (SVG width/height), then resize per width.
  const base = sharp(input, isSvg ? { density: 72 } : {}).rotate();
  const { data, info } = await base.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const width = info.width;
  const height = info.height;
  const opaque = (await raw().stats()).isOpaque;
  const list = widthsFor(key).filter((w) => w < width);
  if (!list.includes(width) && (list.length === 0 || width <= widthsFor(key).at(-1)!)) list.push(width);
  if (list.length === 0) list.push(width);
  const avif: Variant[] = [];
  const webp: Variant[] = [];
  for (const w of list) {
    const sized = () => (w === width ? raw() : raw().resize({ width: w }));
    const flat = () => (opaque ? sized().removeAlpha() : sized());
    const bg = key.startsWith("bg") && key !== "bgHome";
    avif.push({ width: w, src: emit(`${name}-${w}`, "avif", await flat().avif(bg ? SETTINGS.avifBg : SETTINGS.avif).toBuffer(), produced) });
    webp.push({ width: w, src: emit(`${name}-${w}`, "webp", await flat().webp(bg ? SETTINGS.webpBg : SETTINGS.webp).toBuffer(), produced) });
  }
  const stats = await raw().resize({ width: 64 }).stats();
  const d = stats.dominant;
  const placeholder = "#" + [d.r, d.g, d.b].map((c) => c.toString(16).padStart(2, "0")).join("");
  const mid = [...webp].reverse().find((v) => v.width <= 960) ?? webp[0]!;
  const entry: ImageEntry = { width, height, alt: src.alt, avif, webp, fallback: mid.src, placeholder };
  if (isSvg && (key === "logo" || key === "favicon")) {
    const svg = input.toString("utf8").replace(/>\s+</g, "><").trim();
    entry.svg = emit(name, "svg", Buffer.from(svg), produced);
    entry.fallback = entry.svg;
  }
  if (key === "ogImage") {
    const jpg = await raw().resize({ width: 1200, height: 630, fit: "cover" }).flatten({ background: "#1b1916" }).jpeg({ ...SETTINGS.jpeg, mozjpeg: true }).toBuffer();
    entry.jpeg = emit(name, "jpg", jpg, produced);
  }
  return entry;
}

async function main() {
  const force = process.argv.includes("--force");
  mkdirSync(OUT, { recursive: true });
  mkdirSync(join(ROOT, "node_modules/.cache"), { recursive: true });
  mkdirSync(join(ROOT, "web/app/generated"), { recursive: true });
  type CacheRow = { sig: string; entry: ImageEntry; files: string[] };
  let cache: Record<string, CacheRow> = {};
  if (!force && existsSync(CACHE)) try { cache = JSON.parse(readFileSync(CACHE, "utf8")); } catch { cache = {}; }
  const settingsSig = hash(JSON.stringify(SETTINGS));
  const manifest: MediaManifest = { images: {}, videos: {} };
  const nextCache: Record<string, CacheRow> = {};
  const keep = new Set<string>();
  let built = 0;
  const entries = Object.entries(images) as [ImageKey, { file: string; alt: string }][];
  const queue = [...entries];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [key, src] = item;
      const path = join(SRC, src.file);
      if (!existsSync(path)) throw new Error(`content/media.ts: ${key} → ${src.file} does not exist`);
      const sig = hash(readFileSync(path)) + settingsSig + hash(key) + hash(src.alt);
      const hit = cache[key];
      if (hit && hit.sig === sig && hit.files.every((f) => existsSync(join(OUT, f)))) {
        nextCache[key] = hit;
        continue;
      }
      const produced = new Set<string>();
      const entry = await buildImage(key, src, produced);
      nextCache[key] = { sig, entry, files: [...produced] };
      built++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));
  for (const [key] of entries) {
    manifest.images[key] = nextCache[key]!.entry;
    nextCache[key]!.files.forEach((f) => keep.add(f));
  }
  for (const [key, v] of Object.entries(videos)) {
    const copy = (rel: string) => {
      const buf = readFileSync(join(SRC, rel));
      const ext = extname(rel).slice(1);
      const file = `${kebab(key)}.${hash(buf)}.${ext}`;
      if (!existsSync(join(OUT, file))) writeFileSync(join(OUT, file), buf);
      keep.add(file);
      return URL_BASE + file;
    };
    if (!(v.poster in images)) throw new Error(`videos.${key}.poster: unknown image ${v.poster}`);
    manifest.videos[key] = { mp4: copy(v.file), ...(v.webm ? { webm: copy(v.webm) } : {}), poster: v.poster as ImageKey, label: v.label };
  }
  // remove what is no longer referenced
  let removed = 0;
  for (const f of readdirSync(OUT)) {
    if (keep.has(f)) continue;
    rmSync(join(OUT, f), { force: true });
    removed++;
  }
  writeFileSync(CACHE, JSON.stringify(nextCache));
  const json = JSON.stringify(manifest, null, 1) + "\n";
  if (!existsSync(MANIFEST) || readFileSync(MANIFEST, "utf8") !== json) writeFileSync(MANIFEST, json);
  console.log(`media: ${entries.length} images (${built} rebuilt), ${Object.keys(videos).length} videos, ${keep.size} files, ${removed} stale removed`);
}

await main();
await buildFonts();
