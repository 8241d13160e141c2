import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithoutMetadata } from '../web/app/features/console/site/photo-without-metadata.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * On hosted Supabase the console's photo upload is the only place a photo's EXIF can be dropped
 * (docs/deploy.md): web/app/features/console/site/photo-without-metadata.ts, run here in Chromium as it
 * is, on camera-like photos made with sharp, and the result read back with sharp.
 */
describe('a hosted console’s photo upload drops the metadata (Chromium)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function inBrowser(bytes: Buffer, type: string, maxSide = 2000) {
    const out = await page.evaluate(
      async ({ source, data, type, maxSide }) => {
        // The function's own source, as the module exports it: nothing of the test's runs in the page.
        const fn = (0, eval)(`(${source})`) as (file: Blob, maxSide: number) => Promise<Blob>;
        const blob = await fn(new Blob([new Uint8Array(data)], { type }), maxSide);
        return { type: blob.type, data: [...new Uint8Array(await blob.arrayBuffer())] };
      },
      { source: photoWithoutMetadata.toString(), data: [...bytes], type, maxSide },
    );
    return { type: out.type, bytes: Buffer.from(out.data) };
  }

  it('a JPEG with EXIF (position, camera, a sideways orientation) comes out upright, fitted, with none', async () => {
    const camera = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#b64' } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 40.7128N 74.0060W' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(camera).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const out = await inBrowser(camera, 'image/jpeg');
    expect(out.type).toBe('image/jpeg');
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: 3000×2000 stands up as 2000×3000, then fits within 2000.
    expect([after.width, after.height]).toEqual([1333, 2000]);
    expect(out.bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('a PNG stays a PNG, its size kept when it fits; a WebP stays WebP', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#2a6c' } })
      .png()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const out = await inBrowser(png, 'image/png');
    expect(out.type).toBe('image/png');
    const after = await sharp(out.bytes).metadata();
    expect([after.format, after.width, after.height, after.exif]).toEqual(['png', 640, 480, undefined]);

    const webp = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#345' } })
      .webp()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const w = await inBrowser(webp, 'image/webp');
    expect(w.type).toBe('image/webp');
    const m = await sharp(w.bytes).metadata();
    expect([m.format, m.width, m.height, m.exif]).toEqual(['webp', 800, 600, undefined]);
  });
});
