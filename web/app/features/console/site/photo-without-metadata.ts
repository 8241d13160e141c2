/**
 * On hosted Supabase nothing re-encodes an upload (our server does: server/src/storage/image.ts), and the
 * site-photos bucket serves the file as uploaded to anyone: a phone photo's EXIF (where it was taken, when,
 * with which camera) would be public. So a hosted build's console uploads the photo's pixels only: decoded
 * by the browser, turned upright by its EXIF orientation, fitted within `maxSide` (our server's 2000 px),
 * and encoded again from a canvas, which writes no metadata. The type asked for is the photo's own; a
 * browser that cannot encode it answers PNG, and the caller names the file by the type it got.
 * Self-contained (no imports, nothing from outside the function): e2e/photo-without-metadata.test.ts runs
 * this very function in Chromium.
 */
export async function photoWithoutMetadata(file: Blob, maxSide: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot prepare the photo. Try another browser.');
    context.drawImage(bitmap, 0, 0, width, height);
    return await canvas.convertToBlob({ type: file.type, quality: 0.9 });
  } finally {
    bitmap.close();
  }
}
