// @vitest-environment node
/**
 * The built media (scripts/build/media.ts) matches content/media.ts and stays within budget.
 * Run `npx tsx scripts/build/media.ts` first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decorativeImages, images, videos } from '../../../../content/media';
import { kebab, readManifest, type CompactManifest, type MediaImage, type MediaVideo } from './media-manifest';

const ROOT = resolve(__dirname, '../../../..');
const PUBLIC = join(ROOT, 'web/public');
const MANIFEST = join(ROOT, 'web/app/generated/media-manifest.json');

/** Budgets (bytes). */
const BUDGET = {
  /** the manifest as every page ships it (minified JSON, gzip -9): alt texts ≈ 1.9 kB of it */
  manifestGzip: 3_700,
  /** sum over all images of the largest AVIF variant: what a visitor viewing every image at full size downloads */
  largestAvifSet: 1_600_000,
  /** same for WebP (browsers without AVIF) */
  largestWebpSet: 2_200_000,
  /** any one image file */
  imageFile: 200_000,
  /** any one video file (mp4 or webm) */
  videoFile: 350_000,
  /** every generated file together */
  total: 9_000_000,
};

type Entry = MediaImage;
interface Manifest {
  images: Record<string, Entry>;
  videos: Record<string, MediaVideo>;
}

const compact: CompactManifest | undefined = existsSync(MANIFEST)
  ? JSON.parse(readFileSync(MANIFEST, 'utf8'))
  : undefined;
/** The manifest expanded as <Picture> sees it. */
const manifest: Manifest = { images: {}, videos: {} };
if (compact) {
  const read = readManifest(compact);
  for (const key of read.imageKeys) manifest.images[key] = read.image(key)!;
  for (const key of read.videoKeys) manifest.videos[key] = read.video(key)!;
}
const fileOf = (src: string) => join(PUBLIC, src.replace(/^\//, ''));
const size = (src: string) => statSync(fileOf(src)).size;

/** Every file of an image in the order build-media hashes them: per width AVIF then WebP, then the SVG or JPEG. */
const imageFiles = (e: Entry) => [
  ...e.avif.flatMap((v, i) => [
    { name: `${v.width}.avif`, src: v.src },
    { name: `${e.webp[i]!.width}.webp`, src: e.webp[i]!.src },
  ]),
  ...(e.svg ? [{ name: 'svg', src: e.svg }] : []),
  ...(e.jpeg ? [{ name: 'jpg', src: e.jpeg }] : []),
];
const videoFiles = (v: MediaVideo) => [{ name: 'mp4', src: v.mp4 }, ...(v.webm ? [{ name: 'webm', src: v.webm }] : [])];
/** build-media's hash: SHA-256 over `{name}\0{length}\0{bytes}` of each file, first 10 hex digits. */
function contentHash(files: { name: string; src: string }[]) {
  const h = createHash('sha256');
  for (const f of files) {
    const data = readFileSync(fileOf(f.src));
    h.update(`${f.name}\0${data.length}\0`).update(data);
  }
  return h.digest('hex').slice(0, 10);
}
const hashIn = (src: string) => /\.([0-9a-f]{10})\.[a-z0-9]+$/.exec(src)?.[1];

describe('media manifest', () => {
  it('exists (run scripts/build/media.ts)', () => {
    expect(existsSync(MANIFEST)).toBe(true);
  });

  it('has an entry for every image and video key, and nothing else', () => {
    expect(Object.keys(manifest.images).sort()).toEqual(Object.keys(images).sort());
    expect(Object.keys(manifest.videos).sort()).toEqual(Object.keys(videos).sort());
  });

  it('every referenced file exists under web/public/media with a content hash in its name', () => {
    const srcs: string[] = [];
    for (const e of Object.values(manifest.images)) {
      srcs.push(...e.avif.map((v) => v.src), ...e.webp.map((v) => v.src), e.fallback);
      if (e.svg) srcs.push(e.svg);
      if (e.jpeg) srcs.push(e.jpeg);
    }
    for (const v of Object.values(manifest.videos)) srcs.push(v.mp4, ...(v.webm ? [v.webm] : []));
    for (const src of srcs) {
      expect(src).toMatch(/^\/media\/[a-z0-9-]+\.[0-9a-f]{10}\.(avif|webp|svg|jpg|mp4|webm)$/);
      expect(existsSync(fileOf(src)), src).toBe(true);
    }
  });

  it('every image has dimensions, AVIF and WebP variants sorted by width, and alt text unless decorative', () => {
    for (const [key, e] of Object.entries(manifest.images)) {
      expect(e.width, key).toBeGreaterThan(0);
      expect(e.height, key).toBeGreaterThan(0);
      expect(e.placeholder, key).toMatch(/^#[0-9a-f]{6}$/);
      expect(e.avif.length, key).toBeGreaterThan(0);
      expect(
        e.webp.map((v) => v.width),
        key,
      ).toEqual(e.avif.map((v) => v.width));
      expect(
        [...e.webp.map((v) => v.width)].sort((a, b) => a - b),
        key,
      ).toEqual(e.webp.map((v) => v.width));
      expect(Math.max(...e.webp.map((v) => v.width)), key).toBeLessThanOrEqual(e.width);
      if ((decorativeImages as readonly string[]).includes(key)) expect(e.alt, key).toBe('');
      else expect(e.alt.trim().length, key).toBeGreaterThan(8);
    }
  });

  it('the 20 gallery photos have distinct alt texts', () => {
    const alts = Object.entries(manifest.images)
      .filter(([k]) => k.startsWith('gallery'))
      .map(([, e]) => e.alt);
    expect(alts).toHaveLength(20);
    expect(new Set(alts).size).toBe(20);
  });

  it('brand assets: SVG logo and favicon, 1200x630 JPEG social card', () => {
    expect(manifest.images.logo?.svg).toMatch(/\.svg$/);
    expect(manifest.images.favicon?.svg).toMatch(/\.svg$/);
    expect(manifest.images.ogImage?.jpeg).toMatch(/\.jpg$/);
    expect([manifest.images.ogImage?.width, manifest.images.ogImage?.height]).toEqual([1200, 630]);
  });

  it('video posters are image keys', () => {
    for (const v of Object.values(manifest.videos)) expect(Object.keys(images)).toContain(v.poster);
  });

  it('one hash per image and per video, in URLs of the form /media/{key}[-{width}].{hash}.{ext}', () => {
    for (const [key, e] of Object.entries(manifest.images)) {
      const hash = hashIn(e.fallback);
      expect(hash, key).toBeDefined();
      for (const v of e.avif) expect(v.src, key).toBe(`/media/${kebab(key)}-${v.width}.${hash}.avif`);
      for (const v of e.webp) expect(v.src, key).toBe(`/media/${kebab(key)}-${v.width}.${hash}.webp`);
      if (e.svg) expect(e.svg, key).toBe(`/media/${kebab(key)}.${hash}.svg`);
      if (e.jpeg) expect(e.jpeg, key).toBe(`/media/${kebab(key)}.${hash}.jpg`);
      expect([e.svg, ...e.webp.map((v) => v.src)], key).toContain(e.fallback);
    }
    for (const [key, v] of Object.entries(manifest.videos)) {
      const hash = hashIn(v.mp4);
      expect(v.mp4, key).toBe(`/media/${kebab(key)}.${hash}.mp4`);
      if (v.webm) expect(v.webm, key).toBe(`/media/${kebab(key)}.${hash}.webm`);
    }
  });

  it("each hash is the content hash of that image's or video's files, so any changed file changes its URLs", () => {
    for (const [key, e] of Object.entries(manifest.images))
      expect(hashIn(e.fallback), key).toBe(contentHash(imageFiles(e)));
    for (const [key, v] of Object.entries(manifest.videos)) expect(hashIn(v.mp4), key).toBe(contentHash(videoFiles(v)));
  });

  it('web/public/media holds exactly the files the manifest references', () => {
    const referenced = new Set<string>();
    for (const e of Object.values(manifest.images))
      imageFiles(e).forEach((f) => referenced.add(f.src.slice('/media/'.length)));
    for (const v of Object.values(manifest.videos))
      videoFiles(v).forEach((f) => referenced.add(f.src.slice('/media/'.length)));
    expect(readdirSync(join(PUBLIC, 'media')).sort()).toEqual([...referenced].sort());
  });

  it('content/media.ts is what the manifest says: alt texts, posters and video labels', () => {
    for (const [key, s] of Object.entries(images)) expect(manifest.images[key]?.alt, key).toBe(s.alt);
    for (const [key, v] of Object.entries(videos)) {
      expect(manifest.videos[key]?.poster, key).toBe(v.poster);
      expect(manifest.videos[key]?.label, key).toBe(v.label);
      expect(Boolean(manifest.videos[key]?.webm), key).toBe(Boolean(v.webm));
    }
  });

  it(`is small: every page ships it (at most ${BUDGET.manifestGzip} bytes gzipped)`, () => {
    const shipped = gzipSync(JSON.stringify(compact), { level: 9 }).length;
    expect(shipped).toBeLessThanOrEqual(BUDGET.manifestGzip);
  });

  it('stays within the byte budget', () => {
    let avifSet = 0;
    let webpSet = 0;
    const all = new Set<string>();
    for (const [key, e] of Object.entries(manifest.images)) {
      avifSet += size(e.avif.at(-1)!.src);
      webpSet += size(e.webp.at(-1)!.src);
      for (const v of [...e.avif, ...e.webp]) {
        expect(size(v.src), `${key} ${v.src}`).toBeLessThanOrEqual(BUDGET.imageFile);
        all.add(v.src);
      }
      if (e.svg) all.add(e.svg);
      if (e.jpeg) all.add(e.jpeg);
    }
    for (const v of Object.values(manifest.videos))
      for (const src of [v.mp4, ...(v.webm ? [v.webm] : [])]) {
        expect(size(src), src).toBeLessThanOrEqual(BUDGET.videoFile);
        all.add(src);
      }
    const total = [...all].reduce((n, src) => n + size(src), 0);
    expect(avifSet).toBeLessThanOrEqual(BUDGET.largestAvifSet);
    expect(webpSet).toBeLessThanOrEqual(BUDGET.largestWebpSet);
    expect(total).toBeLessThanOrEqual(BUDGET.total);
  });
});

describe('media sources', () => {
  it('keys are letters and digits with distinct file names (the manifest separates them by spaces)', () => {
    const keys = [...Object.keys(images), ...Object.keys(videos)];
    for (const key of keys) expect(key).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
    expect(new Set(keys.map(kebab)).size).toBe(keys.length);
  });
  it('every file named in content/media.ts exists', () => {
    for (const [key, s] of Object.entries(images))
      expect(existsSync(join(ROOT, 'content/media', s.file)), key).toBe(true);
    for (const [key, v] of Object.entries(videos)) {
      expect(existsSync(join(ROOT, 'content/media', v.file)), key).toBe(true);
      if (v.webm) expect(existsSync(join(ROOT, 'content/media', v.webm)), key).toBe(true);
    }
  });
  it('committed videos are small', () => {
    for (const v of Object.values(videos))
      expect(statSync(join(ROOT, 'content/media', v.file)).size).toBeLessThanOrEqual(BUDGET.videoFile);
  });
});
