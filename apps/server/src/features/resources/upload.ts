/**
 * Checks of an uploaded resource file (docs/resources.md, Uploads): the format is decided by the
 * content (file-type sniffs the bytes), never by the name or the client's content type, so a
 * renamed executable is refused; the size limit depends on that format (LIMITS.uploadResourceBytes).
 */
import { ErrorCode, LIMITS, RESOURCE_FORMAT_MIME, ResourceMessages, type ResourceFormat } from '@eav/contract';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/errors';

/** file-type's extension → our format (mp4 also arrives as m4v/m4a-free `mp4`). */
const SNIFFED: Record<string, ResourceFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  mp4: 'mp4',
  m4v: 'mp4',
  mp3: 'mp3',
  png: 'png',
  jpg: 'jpg',
};

const MEDIA: ReadonlySet<ResourceFormat> = new Set(['mp4', 'mp3']);

/** Bytes allowed for `format`. */
export function maxBytes(format: ResourceFormat): number {
  return MEDIA.has(format) ? LIMITS.uploadResourceBytes.media : LIMITS.uploadResourceBytes.document;
}

export const tooLarge = (bytes: number) =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, `文件不能超过 ${Math.round(bytes / 1024 / 1024)} MB`);

export const unsupportedType = () => new AppError(415, ErrorCode.FILE_TYPE, ResourceMessages.uploadTypes);

/**
 * The format and MIME type of a stored temporary upload of `size` bytes.
 * @throws 415 FILE.UNSUPPORTED_TYPE when the content is none of the accepted formats,
 *   413 FILE.TOO_LARGE when it is larger than its format allows.
 */
export async function checkUpload(tempPath: string, size: number): Promise<{ format: ResourceFormat; mime: string }> {
  const sniffed = await fileTypeFromFile(tempPath);
  const format = sniffed ? SNIFFED[sniffed.ext] : undefined;
  if (!format) throw unsupportedType();
  if (size > maxBytes(format)) throw tooLarge(maxBytes(format));
  return { format, mime: RESOURCE_FORMAT_MIME[format] };
}
