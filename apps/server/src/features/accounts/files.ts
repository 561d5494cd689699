/**
 * Safe image uploads (docs/accounts.md; docs/product.md §5 '文件流异常'): the type is decided by the content
 * (sharp), never by the name or the client's content type; the image is decoded and re-encoded
 * (EXIF orientation applied, all metadata stripped, at most MAX_EDGE px a side), then stored through
 * the storage interface under `uploads/` with a random name and served read-only at /uploads/....
 * Hygiene (docs/accounts.md, Rules): each user may upload UPLOAD_QUOTA a day, and uploads that
 * never became an avatar are removed UNUSED_UPLOAD_TTL_MS after their upload.
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ErrorCode, LIMITS, Messages } from '@eav/contract';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceStorage } from '../../lib/storage';

const MAX_EDGE = 2048;
const DAY_MS = 24 * 3600 * 1000;

/** Uploads (purpose `image`) one user may make in any 24 hours: how many, and stored bytes. */
export const UPLOAD_QUOTA = { files: 20, bytes: 50 * 1024 * 1024, windowMs: DAY_MS } as const;
/** Age after which an upload that never became an avatar is removed (ms). */
export const UNUSED_UPLOAD_TTL_MS = DAY_MS;
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

/** Where the local adapter keeps the uploads (the storage keys below `uploads/`). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
export const publicUrl = (storageKey: string) => `/uploads/${storageKey}`;
/** The storage interface's key of a file row's `storageKey` (which is relative to the uploads). */
export const uploadKey = (storageKey: string) => `uploads/${storageKey}`;

export interface StoredFile {
  fileId: string;
  url: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** A fresh random file id and its storage key `{purpose}/{yyyy}/{mm}/{id}.{ext}`. */
function newStorageKey(purpose: string, ext: string, now: number): { id: string; storageKey: string } {
  const id = randomUUID();
  const d = new Date(now);
  const month = String(d.getUTCMonth() + 1).padStart(2, '0');
  return { id, storageKey: `${purpose}/${d.getUTCFullYear()}/${month}/${id}.${ext}` };
}

/** Writes the bytes, then the row; the bytes are removed again when the row cannot be written. */
async function store(
  db: Db | Tx,
  storage: ResourceStorage,
  input: {
    key: { id: string; storageKey: string };
    ownerId: number;
    purpose: string;
    data: Buffer;
    mime: string;
    width: number;
    height: number;
    now: number;
  },
): Promise<StoredFile> {
  const { id, storageKey } = input.key;
  await storage.put(uploadKey(storageKey), input.data);
  try {
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
      createdAt: new Date(input.now),
    });
  } catch (err) {
    await storage.remove(uploadKey(storageKey));
    throw err;
  }
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
 * Checks the upload quota of `ownerId` for one more upload of `incomingBytes` (0: only whether
 * any upload is still allowed, before the body is read).
 * @throws 429 RATE.LIMITED when UPLOAD_QUOTA.files uploads were made in the last 24 hours,
 *   413 FILE.TOO_LARGE when the stored bytes would pass UPLOAD_QUOTA.bytes; both with
 *   `data.retryAfter` (s), when the oldest upload of the window leaves it.
 */
export async function assertUploadQuota(db: Db | Tx, ownerId: number, now: number, incomingBytes = 0): Promise<void> {
  const recent = await db
    .select({ size: files.size, createdAt: files.createdAt })
    .from(files)
    .where(
      and(
        eq(files.ownerId, ownerId),
        eq(files.purpose, 'image'),
        gt(files.createdAt, new Date(now - UPLOAD_QUOTA.windowMs)),
      ),
    )
    .orderBy(asc(files.createdAt));
  const oldest = recent[0]?.createdAt.getTime() ?? now;
  const retryAfter = Math.max(1, Math.ceil((oldest + UPLOAD_QUOTA.windowMs - now) / 1000));
  if (recent.length >= UPLOAD_QUOTA.files)
    throw new AppError(429, ErrorCode.RATE_LIMITED, `24 小时内最多上传 ${UPLOAD_QUOTA.files} 张图片，请稍后再试`, {
      retryAfter,
    });
  const bytes = recent.reduce((sum, r) => sum + r.size, 0);
  if (bytes >= UPLOAD_QUOTA.bytes || bytes + incomingBytes > UPLOAD_QUOTA.bytes)
    throw new AppError(
      413,
      ErrorCode.FILE_TOO_LARGE,
      `24 小时内上传的图片总大小不能超过 ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB，请稍后再试`,
      { retryAfter },
    );
}

/**
 * Checks `data` by content and stores its re-encoded form, within the owner's upload quota
 * (checked under a per-user lock, so parallel uploads cannot pass it together).
 * @throws 422 FILE.STREAM_ABNORMAL ('文件流异常') when it is not a readable image,
 *   415 FILE.UNSUPPORTED_TYPE for image formats other than JPEG, PNG, WebP, GIF (e.g. SVG),
 *   429/413 when the quota is used up (see assertUploadQuota).
 */
export async function storeImage(
  db: Db,
  storage: ResourceStorage,
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
  const key = newStorageKey('image', target.ext, now);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${ownerId}`}))`);
      await assertUploadQuota(tx, ownerId, now, out.data.length);
      return store(tx, storage, {
        key,
        ownerId,
        purpose: 'image',
        data: out.data,
        mime: target.mime,
        width: out.info.width,
        height: out.info.height,
        now,
      });
    });
  } catch (err) {
    // A refused or failed commit leaves no bytes behind.
    await storage.remove(uploadKey(key.storageKey));
    throw err;
  }
}

/** Makes the square avatar (LIMITS.avatarSize px, centre crop, WebP) of an uploaded image. */
export async function makeAvatar(
  db: Db | Tx,
  storage: ResourceStorage,
  ownerId: number,
  storageKey: string,
  now: number,
): Promise<StoredFile> {
  const source = await storage.get(uploadKey(storageKey));
  if (!source) throw fileStreamError();
  let data: Buffer;
  try {
    data = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(LIMITS.avatarSize, LIMITS.avatarSize, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw fileStreamError();
  }
  return store(db, storage, {
    key: newStorageKey('avatar', 'webp', now),
    ownerId,
    purpose: 'avatar',
    data,
    mime: 'image/webp',
    width: LIMITS.avatarSize,
    height: LIMITS.avatarSize,
    now,
  });
}

/** Deletes file rows and their stored bytes (missing bytes are ignored). */
export async function deleteFiles(
  db: Db | Tx,
  storage: ResourceStorage,
  rows: { id: string; storageKey: string }[],
): Promise<void> {
  for (const r of rows) {
    await db.delete(files).where(eq(files.id, r.id));
    await storage.remove(uploadKey(r.storageKey));
  }
}

/** Removes stored bytes by file rows' storage keys (missing ones are ignored). */
export async function removeStoredFiles(storage: ResourceStorage, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.map((k) => storage.remove(uploadKey(k))));
}

/**
 * Removes uploads (purpose `image`) older than UNUSED_UPLOAD_TTL_MS at `now` (ms): rows first,
 * then their bytes, in batches. An upload that became an avatar lives on as its own `avatar`
 * file, so only images nobody uses any more go. Answers how many were removed.
 */
export async function sweepUnusedUploads(db: Db, storage: ResourceStorage, now: number, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const stale = db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.purpose, 'image'), lt(files.createdAt, new Date(now - UNUSED_UPLOAD_TTL_MS))))
      .limit(batch);
    const gone = await db.delete(files).where(inArray(files.id, stale)).returning({ storageKey: files.storageKey });
    await removeStoredFiles(
      storage,
      gone.map((f) => f.storageKey),
    );
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}
