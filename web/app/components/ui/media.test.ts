// @vitest-environment node
/**
 * The built media (scripts/build-media.ts) matches content/media.ts and stays within budget.
 * Run `npx tsx scripts/build-media.ts` first.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { decorativeImages, images, videos } from "../../../../content/media";

const ROOT = resolve(__dirname, "../../../..");
const PUBLIC = join(ROOT, "web/public");
const MANIFEST = join(ROOT, "web/app/generated/media-manifest.json");

/** Budgets (bytes). */
const BUDGET = {
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

interface Variant { src: string; width: number }
interface Entry {
  width: number; height: number; alt: string; avif: Variant[]; webp: Variant[]; fallback: string;
  placeholder?: string; svg?: string; jpeg?: string;
}
interface Manifest {
  images: Record<string, Entry>;
  videos: Record<string, { mp4: string; webm?: string; poster: string; label: string }>;
}

const manifest: Manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, "utf8")) : { images: {}, videos: {} };
const fileOf = (src: string) => join(PUBLIC, src.replace(/^\//, ""));
const size = (src: string) => statSync(fileOf(src)).size;

describe("media manifest", () => {
  it("exists (run scripts/build-media.ts)", () => {
    expect(existsSync(MANIFEST)).toBe(true);
  });

  it("has an entry for every image and video key, and nothing else", () => {
    expect(Object.keys(manifest.images).sort()).toEqual(Object.keys(images).sort());
    expect(Object.keys(manifest.videos).sort()).toEqual(Object.keys(videos).sort());
  });

  it("every referenced file exists under web/public/media with a content hash in its name", () => {
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

  it("every image has dimensions, AVIF and WebP variants sorted by width, and alt text unless decorative", () => {
    for (const [key, e] of Object.entries(manifest.images)) {
      expect(e.width, key).toBeGreaterThan(0);
      expect(e.height, key).toBeGreaterThan(0);
      expect(e.avif.length, key).toBeGreaterThan(0);
      expect(e.webp.map((v) => v.width), key).toEqual(e.avif.map((v) => v.width));
      expect([...e.webp.map((v) => v.width)].sort((a, b) => a - b), key).toEqual(e.webp.map((v) => v.width));
      expect(Math.max(...e.webp.map((v) => v.width)), key).toBeLessThanOrEqual(e.width);
      if ((decorativeImages as readonly string[]).includes(key)) expect(e.alt, key).toBe("");
      else expect(e.alt.trim().length, key).toBeGreaterThan(8);
    }
  });

  it("the 20 gallery photos have distinct alt texts", () => {
    const alts = Object.entries(manifest.images).filter(([k]) => k.startsWith("gallery")).map(([, e]) => e.alt);
    expect(alts).toHaveLength(20);
    expect(new Set(alts).size).toBe(20);
  });

  it("brand assets: SVG logo and favicon, 1200x630 JPEG social card", () => {
    expect(manifest.images.logo?.svg).toMatch(/\.svg$/);
    expect(manifest.images.favicon?.svg).toMatch(/\.svg$/);
    expect(manifest.images.ogImage?.jpeg).toMatch(/\.jpg$/);
    expect([manifest.images.ogImage?.width, manifest.images.ogImage?.height]).toEqual([1200, 630]);
  });

  it("video posters are image keys", () => {
    for (const v of Object.values(manifest.videos)) expect(Object.keys(images)).toContain(v.poster);
  });

  it("stays within the byte budget", () => {
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

describe("media sources", () => {
  it("every file named in content/media.ts exists", () => {
    for (const [key, s] of Object.entries(images)) expect(existsSync(join(ROOT, "content/media", s.file)), key).toBe(true);
    for (const [key, v] of Object.entries(videos)) {
      expect(existsSync(join(ROOT, "content/media", v.file)), key).toBe(true);
      if (v.webm) expect(existsSync(join(ROOT, "content/media", v.webm)), key).toBe(true);
    }
  });
  it("committed videos are small", () => {
    for (const v of Object.values(videos)) expect(statSync(join(ROOT, "content/media", v.file)).size).toBeLessThanOrEqual(BUDGET.videoFile);
  });
});
