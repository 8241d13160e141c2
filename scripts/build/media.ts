/**
 * Build the site's media from content/media.ts:
 *   - every image → AVIF + WebP at a few widths (capped to the source's own width), metadata stripped;
 *   - logo and favicon → also copied as (whitespace-trimmed) SVG; ogImage → also a 1200x630 JPEG;
 *   - videos → copied;
 *   - all under web/public/media/ (served from /media/…, cacheable forever), named
 *     `{kebab-key}[-{width}].{hash}.{ext}` with ONE hash per image (or video): the SHA-256 of all its
 *     output files together, so any change to any of its files changes all its URLs;
 *   - web/app/generated/media-manifest.json: the compact description <Picture> and <BackgroundVideo>
 *     read (format and URL pattern: web/app/components/ui/media-manifest.ts).
 * Idempotent and fast when nothing changed: an image is re-encoded only when its source bytes, the
 * encoding settings, its widths or the encoder (sharp/libvips versions) change (cache in
 * node_modules/.cache), and files no longer referenced are removed. Alt texts are not cached: they
 * go straight from content/media.ts into the manifest.
 *
 *   npx tsx scripts/build/media.ts [--force]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { extname, join, resolve } from "node:path";
import sharp from "sharp";
import { images, videos, type ImageKey, type VideoKey } from "../../content/media.ts";
import {
  MEDIA_HASH_LENGTH,
  MEDIA_URL_BASE,
  mediaUrl,
  type CompactManifest,
  type ExtraFormat,
} from "../../web/app/components/ui/media-manifest.ts";
import { buildFonts } from "./fonts.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "content/media");
const OUT = join(ROOT, "web/public/media");
const MANIFEST = join(ROOT, "web/app/generated/media-manifest.json");
const CACHE = join(ROOT, "node_modules/.cache/build-media.json"); // not under web/public: never served

/** Bump when the encoding below changes, so every entry is rebuilt. */
const SETTINGS = {
  v: 3,
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

/** What the cache keeps of a built image: everything in its manifest row but the alt text. */
interface BuiltImage {
  width: number;
  height: number;
  widths: number[];
  hash: string;
  /** "#rrggbb" */
  placeholder: string;
  extra?: ExtraFormat;
}

const hash = (b: Buffer | string) => createHash("sha256").update(b).digest("hex").slice(0, MEDIA_HASH_LENGTH);

/**
 * The one hash of an image's (or video's) files: SHA-256 over, for each file in the order given,
 * `{name}\0{byte length}\0` and its bytes (name: "{width}.avif", "{width}.webp", "svg", "jpg", "mp4", "webm").
 * web/app/components/ui/media.test.ts recomputes it from the files on disk.
 */
function hashOf(files: { name: string; data: Buffer }[]): string {
  const h = createHash("sha256");
  for (const f of files) h.update(`${f.name}\0${f.data.length}\0`).update(f.data);
  return h.digest("hex").slice(0, MEDIA_HASH_LENGTH);
}

/** Writes files named by `url(hash)` (unless already there) and records them as produced. */
function emitAll(files: { url: (hash: string) => string; name: string; data: Buffer }[], produced: Set<string>): string {
  const h = hashOf(files);
  for (const f of files) {
    const file = f.url(h).slice(MEDIA_URL_BASE.length);
    const dest = join(OUT, file);
    if (!existsSync(dest)) writeFileSync(dest, f.data);
    produced.add(file);
  }
  return h;
}

async function buildImage(key: ImageKey, src: { file: string }, produced: Set<string>): Promise<BuiltImage> {
  const path = join(SRC, src.file);
  const input = readFileSync(path);
  const isSvg = extname(path).toLowerCase() === ".svg";
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
  // Every file of the image, in a fixed order (the order the hash is taken in): per width AVIF then WebP, then the extra file.
  const files: { url: (hash: string) => string; name: string; data: Buffer }[] = [];
  const bg = key.startsWith("bg") && key !== "bgHome";
  for (const w of list) {
    const sized = () => (w === width ? raw() : raw().resize({ width: w }));
    const flat = () => (opaque ? sized().removeAlpha() : sized());
    files.push({ name: `${w}.avif`, url: (h) => mediaUrl(key, h, "avif", w), data: await flat().avif(bg ? SETTINGS.avifBg : SETTINGS.avif).toBuffer() });
    files.push({ name: `${w}.webp`, url: (h) => mediaUrl(key, h, "webp", w), data: await flat().webp(bg ? SETTINGS.webpBg : SETTINGS.webp).toBuffer() });
  }
  let extra: ExtraFormat | undefined;
  if (isSvg && (key === "logo" || key === "favicon")) {
    const svg = input.toString("utf8").replace(/>\s+</g, "><").trim();
    files.push({ name: "svg", url: (h) => mediaUrl(key, h, "svg"), data: Buffer.from(svg) });
    extra = "svg";
  }
  if (key === "ogImage") {
    const jpg = await raw().resize({ width: 1200, height: 630, fit: "cover" }).flatten({ background: "#1b1916" }).jpeg({ ...SETTINGS.jpeg, mozjpeg: true }).toBuffer();
    files.push({ name: "jpg", url: (h) => mediaUrl(key, h, "jpg"), data: jpg });
    extra = "jpg";
  }
  const stats = await raw().resize({ width: 64 }).stats();
  const d = stats.dominant;
  const placeholder = "#" + [d.r, d.g, d.b].map((c) => c.toString(16).padStart(2, "0")).join("");
  return { width, height, widths: list, hash: emitAll(files, produced), placeholder, ...(extra ? { extra } : {}) };
}

async function main() {
  const force = process.argv.includes("--force");
  mkdirSync(OUT, { recursive: true });
  mkdirSync(join(ROOT, "node_modules/.cache"), { recursive: true });
  mkdirSync(join(ROOT, "web/app/generated"), { recursive: true });
  type CacheRow = { sig: string; built: BuiltImage; files: string[] };
  let cache: Record<string, CacheRow> = {};
  if (!force && existsSync(CACHE)) try { cache = JSON.parse(readFileSync(CACHE, "utf8")); } catch { cache = {}; }
  // The pipeline: settings and the encoder's own versions (a new libvips/libheif may encode differently).
  const pipelineSig = hash(JSON.stringify({ SETTINGS, sharp: sharp.versions }));
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
      if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(key)) throw new Error(`content/media.ts: image key "${key}" must be letters and digits`);
      const sig = [hash(readFileSync(path)), pipelineSig, hash(key), hash(widthsFor(key).join(","))].join("");
      const hit = cache[key];
      if (hit && hit.sig === sig && hit.built && hit.files.every((f) => existsSync(join(OUT, f)))) {
        nextCache[key] = hit;
        continue;
      }
      const produced = new Set<string>();
      const entry = await buildImage(key, src, produced);
      nextCache[key] = { sig, built: entry, files: [...produced] };
      built++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, worker));

  const rows = entries.map(([key, src]) => ({ key, alt: src.alt, ...nextCache[key]!.built }));
  for (const [key] of entries) nextCache[key]!.files.forEach((f) => keep.add(f));
  const manifest: CompactManifest = {
    keys: rows.map((r) => r.key).join(" "),
    sizes: rows.map((r) => `${r.width}x${r.height}`).join(" "),
    widths: rows.map((r) => r.widths.join(",")).join(" "),
    hashes: rows.map((r) => r.hash).join(""),
    colors: rows.map((r) => r.placeholder.slice(1)).join(""),
    alts: rows.map((r) => r.alt),
    extra: Object.fromEntries(rows.filter((r) => r.extra).map((r) => [r.key, r.extra!])),
    videos: {} as CompactManifest["videos"],
  };

  for (const [key, v] of Object.entries(videos) as [VideoKey, (typeof videos)[VideoKey]][]) {
    if (!(v.poster in images)) throw new Error(`videos.${key}.poster: unknown image ${v.poster}`);
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(key)) throw new Error(`content/media.ts: video key "${key}" must be letters and digits`);
    const files = [{ ext: "mp4", rel: v.file }, ...(v.webm ? [{ ext: "webm", rel: v.webm }] : [])].map((f) => ({
      name: f.ext,
      url: (h: string) => mediaUrl(key, h, f.ext),
      data: readFileSync(join(SRC, f.rel)),
    }));
    const produced = new Set<string>();
    const h = emitAll(files, produced);
    produced.forEach((f) => keep.add(f));
    manifest.videos[key] = [h, v.poster, v.label, files.map((f) => f.name).join(" ")];
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
