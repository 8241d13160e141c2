import { describe, expect, it } from 'vitest';
import { photoSources, SITE_PHOTO_WIDTHS } from './photo-sources.ts';

describe('photoSources', () => {
  it('names every width at Storage’s image-transformation address, on the page’s origin by default', () => {
    expect(SITE_PHOTO_WIDTHS).toEqual([320, 640, 960, 1280]);
    const render = '/storage/v1/render/image/public/site-photos/gallery/a_b-1.jpg';
    expect(photoSources('gallery/a_b-1.jpg', { supabaseUrl: '' })).toEqual({
      src: `${render}?width=960`,
      srcSet: `${render}?width=320 320w, ${render}?width=640 640w, ${render}?width=960 960w, ${render}?width=1280 1280w`,
    });
  });

  it('uses the hosted project’s origin, and the photo as uploaded when transformations are off', () => {
    const hosted = { supabaseUrl: 'https://abc.supabase.co/' };
    expect(photoSources('recipes/x.webp', hosted).src).toBe(
      'https://abc.supabase.co/storage/v1/render/image/public/site-photos/recipes/x.webp?width=960',
    );
    expect(photoSources('recipes/x.webp', { ...hosted, transforms: false })).toEqual({
      src: 'https://abc.supabase.co/storage/v1/object/public/site-photos/recipes/x.webp',
    });
  });

  it('encodes each segment of the path, keeping its folders', () => {
    expect(photoSources('gallery/a#b?c.jpg', { supabaseUrl: '' }).src).toBe(
      '/storage/v1/render/image/public/site-photos/gallery/a%23b%3Fc.jpg?width=960',
    );
  });
});
