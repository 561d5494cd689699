/**
 * Crops in the browser (react-easy-crop's pixel area): renders the chosen area of an image onto a
 * canvas of `width`×`height` px and returns a PNG Blob (the server re-encodes it anyway; PNG keeps
 * the crop lossless until then). Used by the avatar editor and the console's banner upload.
 */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads (decodes) the image at `src`. @throws when the browser cannot decode it. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image decode failed'));
    img.src = src;
  });
}

/**
 * The `area` (source pixels) of the image at `src`, scaled to `width`×`height` px (a square of
 * `width` when no height is given), as PNG. @throws when the image cannot be decoded or encoded.
 */
export async function cropToBlob(src: string, area: PixelArea, width: number, height = width): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/png'),
  );
}
