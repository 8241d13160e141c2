import { describe, expect, it } from 'vitest';
import { photoObjectName } from './console-api.ts';

/**
 * The console deletes a withdrawn recipe's photo by the name in its image_url: only when that URL is
 * on this site's own backend (the database checks the path and the object, not the host).
 */
const BACKEND = 'https://chef.example';

describe('photoObjectName', () => {
  it.each([
    [`${BACKEND}/storage/v1/object/public/community_recipes/1700000000000_a.png`, '1700000000000_a.png'],
    [`${BACKEND}/storage/v1/object/public/community_recipes/dir/b%20c.jpg`, 'dir/b c.jpg'],
  ])('names the object of %s', (url, name) => {
    expect(photoObjectName(url, BACKEND)).toBe(name);
  });

  it.each([
    'https://evil.test/storage/v1/object/public/community_recipes/1700000000000_a.png',
    `${BACKEND}:8443/storage/v1/object/public/community_recipes/1700000000000_a.png`,
    `${BACKEND}/storage/v1/object/public/other/1700000000000_a.png`,
    `${BACKEND}/storage/v1/object/public/community_recipes/`,
    `${BACKEND}/storage/v1/object/public/community_recipes/a%2F..%2Fb.png`,
    `${BACKEND}/storage/v1/object/public/community_recipes/a.png?x=1`,
    `${BACKEND}/storage/v1/object/public/community_recipes/a.png#x`,
    'javascript:alert(1)',
    'not a url',
  ])('names nothing for %s', (url) => {
    expect(photoObjectName(url, BACKEND)).toBeNull();
  });
});
