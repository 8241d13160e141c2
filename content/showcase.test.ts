import { describe, expect, test } from 'vitest';
import { home } from './home.ts';
import { cookbook, seasoning } from './products.ts';
import { soundtrack } from './soundtrack.ts';
import { channelVideos } from './videos.ts';
import { images } from './media.ts';
import { ChannelVideoSchema } from './showcase-schema.ts';

describe('showcase content (docs/specification.md §2, §8, §9)', () => {
  test('the placeholder toasts carry the specification’s exact titles and say the feature is not implemented yet', () => {
    expect(cookbook.toast.title).toBe('Pre-order feature coming soon!');
    expect(soundtrack.toast.title).toBe('Music player feature coming soon!');
    expect(seasoning.toast.title).toBe('Ordering feature coming soon!');
    for (const t of [cookbook.toast, soundtrack.toast, seasoning.toast])
      expect(t.description).toMatch(/not implemented yet/);
  });

  test('five tracks with the specification’s durations', () => {
    expect(soundtrack.tracklist.tracks.map((t) => t.duration)).toEqual(['3:45', '4:10', '3:20', '5:05', '2:50']);
  });

  test('the cookbook promises over 100 recipes and a bonus booklet for pre-orders', () => {
    expect(cookbook.inside.features[0].title).toMatch(/Over 100/);
    expect(cookbook.cta.text).toMatch(/bonus recipe booklet/);
    expect(cookbook.comingSoonLabel).toBe('Coming Soon!');
    expect(cookbook.preorderButton).toBe('Pre-Order Now');
  });

  test('home: four offers ending with the seasoning, three products, thumbnails that exist', () => {
    expect(home.offers.cards.map((c) => c.link.to)).toEqual(['cookingBook', 'services', 'soundtrack', 'seasoning']);
    expect(home.products.cards.map((c) => c.badge)).toEqual(['Coming Soon', '', 'Coming Soon']);
    expect(channelVideos.map((v) => v.thumbnail)).toEqual([
      'videoThumb1',
      'videoThumb2',
      'videoThumb3',
      'videoThumb4',
      'videoThumb5',
      'videoThumb6',
    ]);
  });

  test('the schemas refuse an unknown image key and a malformed duration', () => {
    const video = { ...channelVideos[0] };
    expect(() => ChannelVideoSchema.parse({ ...video, thumbnail: 'noSuchImage' })).toThrow(/image key/);
    expect(() => ChannelVideoSchema.parse({ ...video, duration: '8 minutes' })).toThrow();
    expect(Object.keys(images)).toContain(video.thumbnail);
  });
});
