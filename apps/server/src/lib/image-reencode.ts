/**
 * Safe re-encoding of operators' images (banner pictures, textbook covers): the type is decided by
 * the content (sharp), never by the name or the client's content type; the image is decoded (with
 * a pixel bound against decompression bombs), oriented, cropped or fitted to the target box and
 * written as WebP without any metadata.
 */
import { ErrorCode } from '@eav/contract';
import sharp from 'sharp';
import { AppError } from './errors';

/** Images with more pixels are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes `data` to WebP inside `box` px: `cover` crops to exactly the box (the banner ratio,
 * centred on the most interesting region), `inside` keeps the ratio within it. Smaller images are
 * not enlarged by `inside`.
 * @throws 422 FILE.STREAM_ABNORMAL for unreadable data, 415 FILE.UNSUPPORTED_TYPE for other formats (SVG among them).
 */
export async function reencodeImage(
  data: Buffer,
  box: { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<ReencodedImage> {
  const unreadable = () => new AppError(422, ErrorCode.FILE_STREAM, '图片无法识别，请换一张图片');
  if (data.length === 0) throw unreadable();
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw unreadable();
  }
  if (!format || !ACCEPTED.has(format))
    throw new AppError(415, ErrorCode.FILE_TYPE, '仅支持 JPG、PNG、WEBP、GIF、AVIF 格式的图片');
  try {
    const out = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: box.width,
        height: box.height,
        fit: box.fit,
        position: box.fit === 'cover' ? sharp.strategy.attention : 'centre',
        withoutEnlargement: box.fit === 'inside',
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: out.data, width: out.info.width, height: out.info.height };
  } catch {
    throw unreadable();
  }
}
