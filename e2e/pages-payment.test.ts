import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { brandDefault } from '../content/editable.ts';
import { site } from '../content/site.ts';
import { href } from '../web/app/paths.ts';
import { siteFixture } from './support/fixture.ts';
import { NoRealtime } from './support/site.ts';
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

  test('the QR code is in the prerendered HTML: made while the page is prerendered, no script needed', async () => {
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

  test('a payment link the chef publishes: the page, its QR code and the plain link follow it, with no rebuild', async () => {
    const NEW_URL = 'https://venmo.com/u/ChefFevaKitchen';
    const NEW_HANDLE = '@ChefFevaKitchen';
    const owner = createClient(e2e.site.url, e2e.site.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoRealtime as never },
    });
    const account = { email: `pay-owner-${crypto.randomUUID()}@example.com`, password: 'pay-owner-password-1' };
    const { data, error } = await owner.auth.signUp(account);
    expect(error).toBeNull();
    expect(
      (await e2e.site.admin.from('user_roles').insert({ user_id: data.user!.id, role: 'owner' })).error,
    ).toBeNull();
    expect((await owner.auth.signInWithPassword(account)).error).toBeNull();
    const current = await e2e.site.admin.from('site_documents').select('version').eq('key', 'brand').maybeSingle();
    const version = (current.data as { version: number } | null)?.version ?? 0;
    const brand = { ...brandDefault, paymentUrl: NEW_URL, paymentHandle: NEW_HANDLE };
    expect(
      (await owner.rpc('save_site_draft', { p_key: 'brand', p_draft: brand, p_version: version })).error,
    ).toBeNull();
    expect((await owner.rpc('publish_site')).error).toBeNull();

    await expect
      .poll(async () => (await (await fetch(new URL(href('payment'), e2e.site.url))).text()).includes(NEW_URL), {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
    const probe = await open(375);
    const main = probe.page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Open the payment page' }).getAttribute('href')).toBe(NEW_URL);
    const qr = probe.page.getByRole('img', { name: /QR code to pay/ });
    expect(await qr.getAttribute('aria-label')).toContain(NEW_HANDLE);
    await qr.scrollIntoViewIfNeeded();
    expect(decode(await qr.screenshot())).toBe(NEW_URL);
    await probe.close();
    // The home page's teaser shows the same code.
    const home = await e2e.visit(href('home'), { width: 1280 });
    const teaser = home.page.getByRole('img', { name: /QR code to pay/ });
    await teaser.scrollIntoViewIfNeeded();
    expect(decode(await teaser.screenshot())).toBe(NEW_URL);
    await home.close();
  });
});
