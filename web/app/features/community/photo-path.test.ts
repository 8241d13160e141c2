import { describe, expect, it } from 'vitest';
import { photoPath, safeFileName } from './photo-path.ts';

describe('safeFileName', () => {
  it('keeps a plain name as it is', () => {
    expect(safeFileName('jerk-chicken_2.jpg', 'image/jpeg')).toBe('jerk-chicken_2.jpg');
  });

  it('replaces spaces, slashes and other characters and drops accents', () => {
    expect(safeFileName('Crème brûlée (final) #2.PNG', 'image/png')).toBe('Creme-brulee-final-2.png');
    expect(safeFileName('../../etc/passwd.png', 'image/png')).toBe('etc-passwd.png');
    expect(safeFileName('<img src=x onerror=alert(1)>.gif', 'image/gif')).toBe('img-src-x-onerror-alert-1.gif');
  });

  it('never starts with a dot and never ends up empty', () => {
    expect(safeFileName('.hidden.png', 'image/png')).toBe('hidden.png');
    expect(safeFileName('日本語.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(safeFileName('', 'image/png')).toBe('photo.png');
  });

  it('caps the base name and keeps the extension', () => {
    const name = safeFileName(`${'a'.repeat(500)}.jpeg`, 'image/jpeg');
    expect(name).toBe(`${'a'.repeat(60)}.jpeg`);
  });

  it('takes the extension from the type when the name has none', () => {
    expect(safeFileName('IMG_0001', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(safeFileName('photo.weird-extension', 'image/gif')).toBe('photo.gif');
  });
});

describe('photoPath', () => {
  it('is the timestamp, an underscore and the safe name', () => {
    expect(photoPath({ name: 'My Dish.png', type: 'image/png' }, 1732262400000)).toBe('1732262400000_My-Dish.png');
  });
});
