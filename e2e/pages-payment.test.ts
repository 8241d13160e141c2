import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { site } from '../content/site.ts';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { backgroundOpacity, expectNoHorizontalOverflow, expectSoundPage } from './support/page-checks.ts';

/** /payment: a real, scannable QR code of the configured payment link; not indexed. */
const e2e = siteFixture();

const open = (width = 1280) => e2e.visit(href('payment'), { width });

function decode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('/payment', () => {
  test.each([1280, 375])('the QR code decodes to the payment link at %i px', async (width) => {
    const probe = await open(width);
    const qr = probe.page.getByRole('img', { name: /QR code to pay/ });
    expect(await qr.count()).toBe(1);
    expect(await qr.getAttribute('aria-label')).toContain(site.paymentHandle);
    await qr.scrollIntoViewIfNeeded();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);
    expect(decode(await qr.screenshot())).toBe(site.paymentUrl);
    if (width === 375) await expectNoHorizontalOverflow(probe.page);
    await expectSoundPage(probe);
    await probe.close();
  });

  test('the QR code is in the prerendered HTML: made at build time, no script needed', async () => {
    const html = await (await fetch(new URL(href('payment'), e2e.site.url))).text();
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code to pay/);
    expect(html).toMatch(/<path stroke="#121110" d="M4 4\.5h7/);
  });

  test('scan text, the handle, a plain link for phones, the background, and noindex', async () => {
    const { page, close } = await open();
    const main = page.getByRole('main');
    expect(await main.getByText(/Scan this QR code with your mobile device/).count()).toBe(1);
    expect(await main.getByText(site.paymentHandle, { exact: true }).count()).toBe(1);
    const link = main.getByRole('link', { name: 'Open the payment page' });
    expect(await link.getAttribute('href')).toBe(site.paymentUrl);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await backgroundOpacity(page)).toBe(0.1);
    expect(await main.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(href('contact'));
    await close();
  });
});
