/**
 * Safe image uploads (issue 3; spec section 5 '文件流异常'): the type is decided by the content
 * (sharp), never by the name or the client's content type; the image is decoded and re-encoded
 * (EXIF orientation applied, all metadata stripped, at most MAX_EDGE px a side), then stored under
 * $DATA_DIR/uploads with a random name and served read-only at /uploads/....
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, LIMITS, Messages } from '@eav/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/errors';

const MAX_EDGE = 2048;
/** Decompression-bomb guard: images with more pixels are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  // GIFs are stored as their first frame in PNG.
  gif: { mime: 'image/png', ext: 'png' },
};

export const fileStreamError = () => new AppError(422, ErrorCode.FILE_STREAM, Messages.fileStream);
export const fileTooLarge = () =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, `图片不能超过 ${Math.round(LIMITS.uploadImageBytes / 1024 / 1024)} MB`);
const unsupported = () => new AppError(415, ErrorCode.FILE_TYPE, '仅支持 JPG、PNG、WEBP、GIF 格式的图片');

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
export const publicUrl = (storageKey: string) => `/uploads/${storageKey}`;

export interface StoredFile {
  fileId: string;
  url: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

async function store(
  db: Db | Tx,
  dataDir: string,
  input: {
    ownerId: number;
    purpose: string;
    data: Buffer;
    ext: string;
    mime: string;
    width: number;
    height: number;
    now: number;
  },
): Promise<StoredFile> {
  const id = randomUUID();
  const d = new Date(input.now);
  const storageKey = `${input.purpose}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${id}.${input.ext}`;
  const target = path.join(uploadsDir(dataDir), storageKey);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, input.data, { flag: 'wx' });
  await db.insert(files).values({
    id,
    ownerId: input.ownerId,
    purpose: input.purpose,
    mime: input.mime,
    size: input.data.length,
    sha256: createHash('sha256').update(input.data).digest('hex'),
    storageKey,
    width: input.width,
    height: input.height,
    createdAt: d,
  });
  return {
    fileId: id,
    url: publicUrl(storageKey),
    mime: input.mime,
    size: input.data.length,
    width: input.width,
    height: input.height,
  };
}

/**
 * Checks `data` by content and stores its re-encoded form.
 * @throws 422 FILE.STREAM_ABNORMAL ('文件流异常') when it is not a readable image,
 *   415 FILE.UNSUPPORTED_TYPE for image formats other than JPEG, PNG, WebP, GIF (e.g. SVG).
 */
export async function storeImage(
  db: Db,
  dataDir: string,
  ownerId: number,
  data: Buffer,
  now: number,
): Promise<StoredFile> {
  if (data.length === 0) throw fileStreamError();
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw fileStreamError();
  }
  const target = format ? FORMATS[format] : undefined;
  if (!target) throw unsupported();
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    let img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    img =
      target.ext === 'jpg'
        ? img.jpeg({ quality: 85, mozjpeg: true })
        : target.ext === 'webp'
          ? img.webp({ quality: 85 })
          : img.png();
    out = await img.toBuffer({ resolveWithObject: true });
  } catch {
    throw fileStreamError();
  }
  return store(db, dataDir, {
    ownerId,
    purpose: 'image',
    data: out.data,
    ext: target.ext,
    mime: target.mime,
    width: out.info.width,
    height: out.info.height,
    now,
  });
}

/** Makes the square avatar (LIMITS.avatarSize px, centre crop, WebP) of an uploaded image. */
export async function makeAvatar(
  db: Db | Tx,
  dataDir: string,
  ownerId: number,
  storageKey: string,
  now: number,
): Promise<StoredFile> {
  let data: Buffer;
  try {
    data = await sharp(path.join(uploadsDir(dataDir), storageKey), { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(LIMITS.avatarSize, LIMITS.avatarSize, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw fileStreamError();
  }
  return store(db, dataDir, {
    ownerId,
    purpose: 'avatar',
    data,
    ext: 'webp',
    mime: 'image/webp',
    width: LIMITS.avatarSize,
    height: LIMITS.avatarSize,
    now,
  });
}

/** Deletes file rows and their stored bytes (missing bytes are ignored). */
export async function deleteFiles(
  db: Db | Tx,
  dataDir: string,
  rows: { id: string; storageKey: string }[],
): Promise<void> {
  for (const r of rows) {
    await db.delete(files).where(eq(files.id, r.id));
    await fs.rm(path.join(uploadsDir(dataDir), r.storageKey), { force: true });
  }
}
